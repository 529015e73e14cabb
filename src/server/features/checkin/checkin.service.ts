import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { checkinSessions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

// Service check-in (issue 34, decision 039). A session is open between its two times. Its
// entrance QR carries a token signed with the session's own secret for one period
// (CHECKIN_QR_SECONDS): the current period's and the one before are taken, so a code scanned
// as it changes still works and a photo of an older one does not. The short code is the
// session's for its whole window, for USSD and phones without a camera. One check-in per
// member per session (the key); a child goes home only with the guardian's pick-up code.
//
// This file: what the use cases share (a session, its QR token). ushers.ts, sessions.ts,
// member-checkin.ts, children.ts, attendance.ts.

export type Ctx = Pick<AppContext, 'db' | 'now' | 'config'>;
export type Session = typeof checkinSessions.$inferSelect;

/** A member's check-ins, each a guess of a six-digit code: 20 per 10 minutes takes years (039). */
export const CHECKIN_GUESSES = { max: 20, windowMs: 10 * 60_000 } as const;

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const isUniqueViolation = (error: unknown) => {
  const code =
    (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

export const digits = (length: number) =>
  Array.from({ length }, () => String(randomInt(10))).join('');

export const isOpen = (session: Session, at: Date) =>
  session.opensAt.getTime() <= at.getTime() && at.getTime() < session.closesAt.getTime();

// ------------------------------------------------------------------ the entrance QR's token

/** The period a moment falls in. */
export const slotOf = (ctx: Ctx, at: Date) => Math.floor(at.getTime() / ctx.config.checkinQrMs);

const signature = (session: Pick<Session, 'id' | 'secret'>, slot: number) =>
  createHmac('sha256', session.secret).update(`${session.id}.${slot}`).digest('base64url');

/** `<session id>.<period>.<signature>`: what the QR's link carries. */
export function qrToken(session: Pick<Session, 'id' | 'secret'>, slot: number): string {
  return `${session.id}.${slot.toString(36)}.${signature(session, slot).slice(0, 22)}`;
}

const TOKEN = /^([0-9a-f-]{36})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/;

/** The session a token names, if it is well formed and signed by it and still current. */
export async function sessionOfToken(ctx: Ctx, token: string): Promise<Session> {
  const [, id, slotText, given] = TOKEN.exec(token) ?? [];
  const session = id ? await findSession(ctx, id) : undefined;
  if (!session || !slotText || !given) throw new AppError(400, 'BAD_QR', m.shared_checkin_bad_qr());
  const slot = Number.parseInt(slotText, 36);
  const expected = Buffer.from(signature(session, slot).slice(0, 22));
  if (!timingSafeEqual(expected, Buffer.from(given))) {
    throw new AppError(400, 'BAD_QR', m.shared_checkin_bad_qr());
  }
  const now = slotOf(ctx, ctx.now());
  if (slot !== now && slot !== now - 1) {
    throw new AppError(410, 'STALE_QR', m.shared_checkin_stale_qr());
  }
  return session;
}

export async function findSession(ctx: Ctx, id: string): Promise<Session | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [session] = await ctx.db.select().from(checkinSessions).where(eq(checkinSessions.id, id));
  return session;
}

export async function openSession(ctx: Ctx, id: string): Promise<Session> {
  const session = await findSession(ctx, id);
  if (!session) throw new AppError(404, 'NOT_FOUND', m.server_checkin_no_service());
  if (!isOpen(session, ctx.now())) throw new AppError(409, 'CLOSED', m.shared_checkin_not_open());
  return session;
}
