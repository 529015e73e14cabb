import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import QRCode from 'qrcode';
import {
  CHECKIN_CODE_LENGTH,
  CHECKIN_MESSAGES,
  PICKUP_CODE_LENGTH,
  type AttendanceRow,
  type CheckinHome,
  type CheckinMethod,
  type CheckinResult,
  type ChildInCare,
  type EntranceScreen,
  type SessionSummary,
  type Usher,
  type UsherMember,
} from '../../../shared/schemas/checkin.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import {
  checkins,
  checkinSessions,
  checkinUshers,
  childCheckins,
  events,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { toCsv } from '../../platform/csv.ts';
import { inLocale } from '../../platform/locale.ts';
import { provenPhone } from '../../platform/sms/sms.ts';
import type { SessionUser } from '../../platform/session-cache.ts';
import { assertAssemblyOffered } from '../../core/church.ts';

// Service check-in (issue 34, decision 039). A session is open between its two times. Its
// entrance QR carries a token signed with the session's own secret for one period
// (CHECKIN_QR_SECONDS): the current period's and the one before are taken, so a code scanned
// as it changes still works and a photo of an older one does not. The short code is the
// session's for its whole window, for USSD and phones without a camera. One check-in per
// member per session (the key); a child goes home only with the guardian's pick-up code.

type Ctx = Pick<AppContext, 'db' | 'now' | 'config'>;
type Session = typeof checkinSessions.$inferSelect;

/** A member's check-ins, each a guess of a six-digit code: 20 per 10 minutes takes years (039). */
export const CHECKIN_GUESSES = { max: 20, windowMs: 10 * 60_000 } as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const isUniqueViolation = (error: unknown) => {
  const code =
    (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

const digits = (length: number) => Array.from({ length }, () => String(randomInt(10))).join('');

const isOpen = (session: Session, at: Date) =>
  session.opensAt.getTime() <= at.getTime() && at.getTime() < session.closesAt.getTime();

// ------------------------------------------------------------------ the entrance QR's token

/** The period a moment falls in. */
const slotOf = (ctx: Ctx, at: Date) => Math.floor(at.getTime() / ctx.config.checkinQrMs);

const signature = (session: Pick<Session, 'id' | 'secret'>, slot: number) =>
  createHmac('sha256', session.secret).update(`${session.id}.${slot}`).digest('base64url');

/** `<session id>.<period>.<signature>`: what the QR's link carries. */
export function qrToken(session: Pick<Session, 'id' | 'secret'>, slot: number): string {
  return `${session.id}.${slot.toString(36)}.${signature(session, slot).slice(0, 22)}`;
}

const TOKEN = /^([0-9a-f-]{36})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/;

/** The session a token names, if it is well formed and signed by it and still current. */
async function sessionOfToken(ctx: Ctx, token: string): Promise<Session> {
  const [, id, slotText, given] = TOKEN.exec(token) ?? [];
  const session = id ? await findSession(ctx, id) : undefined;
  if (!session || !slotText || !given) throw new AppError(400, 'BAD_QR', CHECKIN_MESSAGES.badQr);
  const slot = Number.parseInt(slotText, 36);
  const expected = Buffer.from(signature(session, slot).slice(0, 22));
  if (!timingSafeEqual(expected, Buffer.from(given))) {
    throw new AppError(400, 'BAD_QR', CHECKIN_MESSAGES.badQr);
  }
  const now = slotOf(ctx, ctx.now());
  if (slot !== now && slot !== now - 1) {
    throw new AppError(410, 'STALE_QR', CHECKIN_MESSAGES.staleQr);
  }
  return session;
}

async function findSession(ctx: Ctx, id: string): Promise<Session | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [session] = await ctx.db.select().from(checkinSessions).where(eq(checkinSessions.id, id));
  return session;
}

async function openSession(ctx: Ctx, id: string): Promise<Session> {
  const session = await findSession(ctx, id);
  if (!session) throw new AppError(404, 'NOT_FOUND', m.server_checkin_no_service());
  if (!isOpen(session, ctx.now())) throw new AppError(409, 'CLOSED', CHECKIN_MESSAGES.notOpen);
  return session;
}

// ------------------------------------------------------------------------------- ushers

export async function isUsher(ctx: Pick<AppContext, 'db'>, user: SessionUser): Promise<boolean> {
  if (user.isAdmin) return true;
  const [row] = await ctx.db
    .select({ id: checkinUshers.userId })
    .from(checkinUshers)
    .where(eq(checkinUshers.userId, user.id));
  return Boolean(row);
}

export async function listUshers(ctx: Pick<AppContext, 'db'>): Promise<Usher[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.fullName,
      email: users.email,
      phone: sql<string | null>`coalesce(${users.loginPhone}, ${users.phoneNumber})`,
    })
    .from(checkinUshers)
    .innerJoin(users, eq(users.id, checkinUshers.userId))
    .orderBy(users.fullName);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    // A phone-first member's email is a placeholder nobody reads (decision 033).
    contact: r.email.endsWith('@phone.invalid') ? (r.phone ?? '') : r.email,
  }));
}

/**
 * An admin makes a member an usher by their email or a phone they proved (decision 050): a
 * profile's typed phone is anyone's to type, so it names nobody.
 */
export async function grantUsher(
  ctx: Pick<AppContext, 'db'>,
  admin: SessionUser,
  contact: string,
): Promise<Usher[]> {
  const byEmail = contact.includes('@');
  const phone = byEmail ? undefined : parsePhoneNumberFromString(contact, 'GH')?.number;
  const [member] = byEmail
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${contact.toLowerCase()}`)
    : phone
      ? await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.loginPhone, phone), eq(users.phoneVerified, true)))
      : [];
  if (!member) {
    throw new AppError(
      404,
      'NOT_FOUND',
      byEmail ? CHECKIN_MESSAGES.noSuchMember : CHECKIN_MESSAGES.noProvedPhone,
    );
  }
  await ctx.db
    .insert(checkinUshers)
    .values({ userId: member.id, grantedBy: admin.id })
    .onConflictDoNothing();
  return listUshers(ctx);
}

export async function revokeUsher(ctx: Pick<AppContext, 'db'>, userId: string): Promise<boolean> {
  const gone = await ctx.db
    .delete(checkinUshers)
    .where(eq(checkinUshers.userId, userId))
    .returning({ id: checkinUshers.userId });
  return gone.length > 0;
}

// ------------------------------------------------------------------------------ sessions

/** An admin opens a service for check-in; its short code is unique among all sessions. */
export async function createSession(
  ctx: Ctx,
  admin: SessionUser,
  input: {
    title: string;
    assembly: string | null;
    eventId: string | null;
    opensAt: string;
    closesAt: string;
  },
): Promise<SessionSummary> {
  if (input.assembly) await assertAssemblyOffered(ctx, input.assembly);
  if (input.eventId) {
    const [event] = await ctx.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.id, input.eventId));
    if (!event) {
      throw new AppError(400, 'VALIDATION_ERROR', CHECKIN_MESSAGES.event, {
        eventId: CHECKIN_MESSAGES.event,
      });
    }
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const [session] = await ctx.db
        .insert(checkinSessions)
        .values({
          title: input.title,
          assembly: input.assembly,
          eventId: input.eventId,
          opensAt: new Date(input.opensAt),
          closesAt: new Date(input.closesAt),
          code: digits(CHECKIN_CODE_LENGTH),
          secret: randomBytes(32).toString('base64url'),
          createdBy: admin.id,
        })
        .returning();
      return summaryOf(session as Session, 0, 0);
    } catch (error) {
      // Another session holds that code: draw again (one in a million per session kept).
      if (!isUniqueViolation(error) || attempt >= 10) throw error;
    }
  }
}

const summaryOf = (s: Session, members: number, children: number): SessionSummary => ({
  id: s.id,
  title: s.title,
  eventId: s.eventId,
  assembly: s.assembly,
  opensAt: s.opensAt.toISOString(),
  closesAt: s.closesAt.toISOString(),
  code: s.code,
  members,
  children,
});

/**
 * Sessions with their counts: for admins the latest 50; for usher mode (`around`) those open
 * now or within the next day, or closed in the last six hours.
 */
export async function listSessions(ctx: Ctx, around = false): Promise<SessionSummary[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      session: checkinSessions,
      // Written out: drizzle leaves columns unqualified in sql``, and `id` would be the child's.
      members: sql<number>`(select count(*)::int from checkins c where c.session_id = checkin_sessions.id)`,
      children: sql<number>`(select count(*)::int from child_checkins k where k.session_id = checkin_sessions.id)`,
    })
    .from(checkinSessions)
    .where(
      around
        ? and(
            lte(checkinSessions.opensAt, new Date(now.getTime() + 24 * 3600_000)),
            gt(checkinSessions.closesAt, new Date(now.getTime() - 6 * 3600_000)),
          )
        : undefined,
    )
    .orderBy(desc(checkinSessions.opensAt))
    .limit(50);
  return rows.map((r) => summaryOf(r.session, r.members, r.children));
}

/** The entrance screen: this period's QR, as an SVG with the link it holds, and the code. */
export async function entranceScreen(ctx: Ctx, id: string): Promise<EntranceScreen> {
  const session = await findSession(ctx, id);
  if (!session) throw new AppError(404, 'NOT_FOUND', m.server_checkin_no_service());
  const slot = slotOf(ctx, ctx.now());
  const url = `${ctx.config.publicUrl}/checkin?t=${qrToken(session, slot)}`;
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkins)
    .where(eq(checkins.sessionId, id));
  return {
    id,
    title: session.title,
    code: session.code,
    url,
    svg,
    refreshAt: new Date((slot + 1) * ctx.config.checkinQrMs).toISOString(),
    checkedIn: count?.n ?? 0,
    closesAt: session.closesAt.toISOString(),
  };
}

// ------------------------------------------------------------------------------ members

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
      ? CHECKIN_MESSAGES.alreadyCheckedIn(session.title)
      : CHECKIN_MESSAGES.checkedIn(session.title),
  };
}

/** The session a short code opens now. */
async function sessionOfCode(ctx: Ctx, code: string): Promise<Session> {
  const [session] = await ctx.db
    .select()
    .from(checkinSessions)
    .where(eq(checkinSessions.code, code));
  if (!session || !isOpen(session, ctx.now())) {
    throw new AppError(404, 'NO_SUCH_CODE', CHECKIN_MESSAGES.noSuchCode);
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
    if (!isOpen(session, ctx.now())) throw new AppError(409, 'CLOSED', CHECKIN_MESSAGES.notOpen);
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
  if (!member) throw new AppError(404, 'NOT_FOUND', CHECKIN_MESSAGES.noSuchMember);
  const result = await checkInMember(ctx, session, member.id, 'usher', usher.id);
  return {
    ...result,
    message: result.already
      ? m.server_checkin_usher_already({ name: member.name })
      : m.server_checkin_usher_done({ name: member.name }),
  };
}

// ----------------------------------------------------------------------------- children

type ChildCtx = Ctx & Pick<AppContext, 'sms' | 'church' | 'log'>;

/**
 * Checks a child in with a fresh pick-up code. The guardian's phone is required; when a member
 * proved it theirs, the code shows on their check-in screen too (never for a typed profile
 * phone: anyone can type a parent's number). An usher's check-in sends the code to that phone
 * by SMS (the guardian may have no app), and says when no member has proved it.
 */
export async function checkInChild(
  ctx: ChildCtx,
  input: {
    sessionId: string;
    childName: string;
    guardianPhone: string | null;
    guardianUserId?: string;
    byUserId: string;
  },
): Promise<ChildInCare> {
  const session = await openSession(ctx, input.sessionId);
  if (!input.guardianPhone) {
    throw new AppError(400, 'VALIDATION_ERROR', CHECKIN_MESSAGES.guardianPhone, {
      guardianPhone: CHECKIN_MESSAGES.guardianPhone,
    });
  }
  const guardianPhone = input.guardianPhone;
  let guardianUserId = input.guardianUserId ?? null;
  // The pick-up code's SMS: in the guardian's language when the phone is a member's, else in
  // the language of the usher's request.
  let guardianLocale: string | undefined;
  if (!guardianUserId) {
    // login_phone is unique: one member at most, the one whose code proved the number.
    const [guardian] = await ctx.db
      .select({ id: users.id, locale: users.locale })
      .from(users)
      .where(and(eq(users.loginPhone, guardianPhone), eq(users.phoneVerified, true)));
    guardianUserId = guardian?.id ?? null;
    guardianLocale = guardian?.locale;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const [child] = await ctx.db
        .insert(childCheckins)
        .values({
          sessionId: session.id,
          childName: input.childName,
          guardianPhone,
          guardianUserId,
          pickupCode: digits(PICKUP_CODE_LENGTH),
          checkedInBy: input.byUserId,
        })
        .returning();
      if (!child) throw new Error('No child check-in was written.');
      if (!input.guardianUserId) {
        const facts = {
          church: ctx.church.registeredName,
          child: child.childName,
          session: session.title,
          code: child.pickupCode,
        };
        const text = guardianLocale
          ? inLocale(guardianLocale, () => m.sms_checkin_pickup(facts))
          : m.sms_checkin_pickup(facts);
        await ctx.sms
          .send({ to: guardianPhone, text })
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'pick-up code SMS failed'));
      }
      return {
        id: child.id,
        sessionId: session.id,
        sessionTitle: session.title,
        childName: child.childName,
        pickupCode: child.pickupCode,
        checkedInAt: child.checkedInAt.toISOString(),
        ...(guardianUserId ? {} : { guardianNote: CHECKIN_MESSAGES.guardianNotMember }),
      };
    } catch (error) {
      // A child still in care at this session has that code: draw again.
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }
}

/** The guardian's own phone: the one they proved; without one, they are told to prove it. */
export async function guardianPhoneOf(ctx: Pick<AppContext, 'db'>, userId: string) {
  const [me] = await ctx.db.select({ phone: provenPhone }).from(users).where(eq(users.id, userId));
  if (!me?.phone) {
    throw new AppError(400, 'PHONE_NOT_PROVED', CHECKIN_MESSAGES.guardianNeedsProvedPhone);
  }
  return me.phone;
}

/** Pick-up: the code on the guardian's phone lets the child go, once; who did it is kept. */
export async function pickUpChild(
  ctx: Ctx,
  usher: SessionUser,
  sessionId: string,
  code: string,
): Promise<{ childName: string; guardianPhoneEnd: string }> {
  const [child] = await ctx.db
    .update(childCheckins)
    .set({ checkedOutAt: ctx.now(), checkedOutBy: usher.id })
    .where(
      and(
        eq(childCheckins.sessionId, sessionId),
        eq(childCheckins.pickupCode, code),
        isNull(childCheckins.checkedOutAt),
      ),
    )
    .returning();
  if (!child) throw new AppError(404, 'NO_SUCH_PICKUP', CHECKIN_MESSAGES.noSuchPickup);
  return { childName: child.childName, guardianPhoneEnd: child.guardianPhone.slice(-3) };
}

// --------------------------------------------------------------------------- attendance

/** Attendance per session and per assembly of the members who came, newest first. */
export async function attendance(ctx: Ctx): Promise<AttendanceRow[]> {
  const rows = rowsOf<{
    session_id: string;
    title: string;
    opens_at: Date | string;
    assembly: string | null;
    members: number;
    children: number;
  }>(
    await ctx.db.execute(sql`
      with recent as (
        select id, title, opens_at from ${checkinSessions} order by opens_at desc limit 200
      ), people as (
        select c.session_id, u.assembly_name as assembly, count(*)::int as members, 0 as children
          from ${checkins} c join ${users} u on u.id = c.user_id
          where c.session_id in (select id from recent)
          group by c.session_id, u.assembly_name
        union all
        select k.session_id, s.assembly, 0, count(*)::int
          from ${childCheckins} k join ${checkinSessions} s on s.id = k.session_id
          where k.session_id in (select id from recent)
          group by k.session_id, s.assembly
      )
      select r.id as session_id, r.title, r.opens_at, p.assembly,
             sum(p.members)::int as members, sum(p.children)::int as children
        from recent r join people p on p.session_id = r.id
        group by r.id, r.title, r.opens_at, p.assembly
        order by r.opens_at desc, p.assembly nulls last
    `),
  );
  return rows.map((r) => ({
    sessionId: r.session_id,
    title: r.title,
    opensAt: new Date(r.opens_at).toISOString(),
    assembly: r.assembly,
    members: r.members,
    children: r.children,
  }));
}

export async function attendanceCsv(ctx: Ctx): Promise<string> {
  const rows = await attendance(ctx);
  const noAssembly = m.server_checkin_no_assembly();
  return toCsv(
    [
      m.server_checkin_csv_service(),
      m.server_checkin_csv_opens(),
      m.server_checkin_csv_assembly(),
      m.server_checkin_csv_members(),
      m.server_checkin_csv_children(),
    ],
    rows.map((r) => [r.title, r.opensAt, r.assembly ?? noAssembly, r.members, r.children]),
  );
}
