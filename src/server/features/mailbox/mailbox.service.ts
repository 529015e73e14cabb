import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { devMails } from '../../db/schema.ts';

export async function listDevMails(ctx: Pick<AppContext, 'db'>, limit = 50) {
  return ctx.db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(limit);
}

export async function findDevMail(ctx: Pick<AppContext, 'db'>, id: string) {
  const [mail] = await ctx.db.select().from(devMails).where(eq(devMails.id, id));
  return mail ?? null;
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The dev mailbox holds sign-up and reset links: only this machine may read it. */
export function isLoopback(ip: string): boolean {
  return loopback.has(ip) || ip.startsWith('127.');
}
