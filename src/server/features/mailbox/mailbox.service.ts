import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { devMails, devSms } from '../../db/schema.ts';

export async function listDevMails(ctx: Pick<AppContext, 'db'>, limit = 50) {
  return ctx.db.select().from(devMails).orderBy(desc(devMails.createdAt)).limit(limit);
}

export async function findDevMail(ctx: Pick<AppContext, 'db'>, id: string) {
  const [mail] = await ctx.db.select().from(devMails).where(eq(devMails.id, id));
  return mail ?? null;
}

export async function listDevSms(ctx: Pick<AppContext, 'db'>, limit = 50) {
  return ctx.db.select().from(devSms).orderBy(desc(devSms.createdAt)).limit(limit);
}
