import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type {
  CheckinHome,
  CheckinMethod,
  CheckinResult,
  ChildInCare,
  UsherMember,
} from '../../../shared/schemas/checkin.ts';
import { m } from '../../../paraglide/messages.js';
import { checkins, checkinSessions, childCheckins, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { provenPhone } from '../../platform/sms/sms.ts';
import type { SessionUser } from '../../platform/session-cache.ts';
import {
  findSession,
  isOpen,
  openSession,
  sessionOfToken,
  type Ctx,
  type Session,
} from './checkin.service.ts';
import { isUsher } from './ushers.ts';

// Members check in: by the entrance QR or the short code, or an usher checks them in.

/** The member's check-in screen: services open now (theirs and the church's), their children. */
export async function checkinHome(ctx: Ctx, user: SessionUser): Promise<CheckinHome> {
  const now = ctx.now();
  const [me] = await ctx.db
    .select({ assembly: users.assemblyName })
    .from(users)
    .where(eq(users.id, user.id));
  const sessions = await ctx.db
    .select({ session: checkinSessions, checkedInAt: checkins.createdAt })
    .from(checkinSessions)
    .leftJoin(
      checkins,
      and(eq(checkins.sessionId, checkinSessions.id), eq(checkins.userId, user.id)),
    )
    .where(
      and(
        lte(checkinSessions.opensAt, now),
        gt(checkinSessions.closesAt, now),
        me?.assembly
          ? or(isNull(checkinSessions.assembly), eq(checkinSessions.assembly, me.assembly))
          : undefined,
      ),
    )
    .orderBy(checkinSessions.opensAt);
  return {
    sessions: sessions.map(({ session, checkedInAt }) => ({
      id: session.id,
      title: session.title,
      assembly: session.assembly,
      opensAt: session.opensAt.toISOString(),
      closesAt: session.closesAt.toISOString(),
      checkedInAt: checkedInAt?.toISOString() ?? null,
    })),
    children: await childrenInCare(ctx, user.id),
    usher: await isUsher(ctx, user),
  };
}

async function childrenInCare(ctx: Ctx, guardianId: string): Promise<ChildInCare[]> {
  const rows = await ctx.db
    .select({ child: childCheckins, title: checkinSessions.title })
    .from(childCheckins)
    .innerJoin(checkinSessions, eq(checkinSessions.id, childCheckins.sessionId))
    .where(and(eq(childCheckins.guardianUserId, guardianId), isNull(childCheckins.checkedOutAt)))
    .orderBy(childCheckins.checkedInAt);
  return rows.map(({ child, title }) => ({
    id: child.id,
    sessionId: child.sessionId,
    sessionTitle: title,
    childName: child.childName,
    pickupCode: child.pickupCode,
    checkedInAt: child.checkedInAt.toISOString(),
  }));
}

/** Checks a member in once; a second time says so and changes nothing. */
async function checkInMember(
  ctx: Ctx,
  session: Session,
  userId: string,
  method: CheckinMethod,
  byUserId: string | null,
): Promise<CheckinResult> {
  const inserted = await ctx.db
    .insert(checkins)
    .values({ sessionId: session.id, userId, method, byUserId })
    .onConflictDoNothing()
    .returning({ userId: checkins.userId });
  const already = inserted.length === 0;
  return {
    sessionId: session.id,
    title: session.title,
    already,
    message: already
      ? m.shared_checkin_already_checked_in({ title: session.title })
      : m.shared_checkin_checked_in({ title: session.title }),
  };
}

/** The session a short code opens now. */
async function sessionOfCode(ctx: Ctx, code: string): Promise<Session> {
  const [session] = await ctx.db
    .select()
    .from(checkinSessions)
    .where(eq(checkinSessions.code, code));
  if (!session || !isOpen(session, ctx.now())) {
    throw new AppError(404, 'NO_SUCH_CODE', m.shared_checkin_no_such_code());
  }
  return session;
}

/** A member checks themself in with the entrance QR's token or the short code. */
export async function checkIn(
  ctx: Ctx,
  user: { id: string },
  input: { token: string } | { code: string },
  via: 'app' | 'ussd' = 'app',
): Promise<CheckinResult> {
  if ('token' in input) {
    const session = await sessionOfToken(ctx, input.token);
    if (!isOpen(session, ctx.now())) throw new AppError(409, 'CLOSED', m.shared_checkin_not_open());
    return checkInMember(ctx, session, user.id, 'qr', null);
  }
  const session = await sessionOfCode(ctx, input.code);
  return checkInMember(ctx, session, user.id, via === 'ussd' ? 'ussd' : 'code', null);
}

/** Usher mode: members by a part of their name or the digits of their phone. */
export async function searchMembers(
  ctx: Ctx,
  sessionId: string,
  q: string,
): Promise<UsherMember[]> {
  const session = await findSession(ctx, sessionId);
  if (!session) throw new AppError(404, 'NOT_FOUND', m.server_checkin_no_service());
  const phoneDigits = q.replace(/\D/g, '');
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.fullName,
      phone: provenPhone,
      assembly: users.assemblyName,
      checkedIn: sql<boolean>`${checkins.userId} is not null`,
    })
    .from(users)
    .leftJoin(checkins, and(eq(checkins.sessionId, sessionId), eq(checkins.userId, users.id)))
    .where(
      or(
        sql`${users.fullName} ilike ${pattern}`,
        // By the digits of a proved phone only: a typed one is anyone's to type.
        phoneDigits.length >= 4
          ? and(eq(users.phoneVerified, true), sql`${users.loginPhone} like ${`%${phoneDigits}%`}`)
          : undefined,
      ),
    )
    .orderBy(users.fullName)
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    phoneEnd: r.phone ? r.phone.slice(-3) : null,
    assembly: r.assembly,
    checkedIn: r.checkedIn,
  }));
}

export async function usherCheckIn(
  ctx: Ctx,
  usher: SessionUser,
  sessionId: string,
  userId: string,
): Promise<CheckinResult> {
  const session = await openSession(ctx, sessionId);
  const [member] = await ctx.db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw new AppError(404, 'NOT_FOUND', m.shared_checkin_no_such_member());
  const result = await checkInMember(ctx, session, member.id, 'usher', usher.id);
  return {
    ...result,
    message: result.already
      ? m.server_checkin_usher_already({ name: member.name })
      : m.server_checkin_usher_done({ name: member.name }),
  };
}
