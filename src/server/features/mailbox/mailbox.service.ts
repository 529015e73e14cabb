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

const loopback = new Set(['::1']);

export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  return loopback.has(ip) || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/**
 * The dev mailbox holds sign-up and reset links: only this machine may read it. Decided by
 * the socket's own address, never by a header a client can write (whatever TRUST_PROXY
 * says); a request a proxy on this machine forwarded carries forwarding headers, so it is
 * not local either.
 */
export function isLocalRequest(request: {
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, unknown>;
}): boolean {
  return (
    isLoopback(request.socket.remoteAddress) &&
    forwardingHeaders.every((name) => request.headers[name] === undefined)
  );
}
