import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  CHECKIN_CODE_LENGTH,
  type EntranceScreen,
  type SessionSummary,
} from '../../../shared/schemas/checkin.ts';
import { m } from '../../../paraglide/messages.js';
import { checkins, checkinSessions, events } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../platform/session-cache.ts';
import { assertAssemblyOffered } from '../../core/church.ts';
import {
  digits,
  findSession,
  isUniqueViolation,
  qrToken,
  slotOf,
  type Ctx,
  type Session,
} from './checkin.service.ts';

// Check-in sessions: an admin opens one; the list and the entrance screen with its QR.

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
      throw new AppError(400, 'VALIDATION_ERROR', m.shared_checkin_event(), {
        eventId: m.shared_checkin_event(),
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
