import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  ANONYMOUS_NAME,
  PRAYER_DAILY_LIMIT,
  PRAYER_MESSAGES,
  PRAYER_WALL_SIZE,
  type PrayerCreate,
  type PrayerRequest,
  type PrayerStatus,
  type PrayerVisibility,
  type PrayerWall,
} from '../../../shared/schemas/prayer.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { prayerPrayed, prayerReports, prayerRequests, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/session.ts';
import { notify } from '../../core/notify.ts';
import { findPastorAssembly } from '../../core/pastor-access.ts';

// The prayer wall (issue: prayer wall, decision 036). Who reads a request: its author always;
// once approved, every member ('church'), the members of its assembly ('assembly'), and the
// pastors of its assembly and admins (all three). Who moderates it: admins, and approved
// pastors whose approved application names its assembly. A pending request is never shown
// to anyone but its author and its moderators (in their queue).

type Ctx = Pick<AppContext, 'db'>;

/** Who is asking, with what they may read and moderate. */
export interface Reader {
  id: string;
  isAdmin: boolean;
  /** The profile's assembly: which 'assembly' requests they read as a member. */
  assembly: string | null;
  /** The assembly they pastor; undefined: not an approved pastor. */
  pastorOf: string | null | undefined;
}

export async function readerOf(ctx: Ctx, user: SessionUser): Promise<Reader> {
  const [row] = await ctx.db
    .select({ assembly: users.assemblyName })
    .from(users)
    .where(eq(users.id, user.id));
  return {
    id: user.id,
    isAdmin: user.isAdmin,
    assembly: row?.assembly ?? null,
    pastorOf: await findPastorAssembly(ctx, user.id),
  };
}

export const canModerateAny = (r: Reader) => r.isAdmin || r.pastorOf !== undefined;

/** `assembly` (a column) is one the reader moderates. */
export function moderates(reader: Reader, assembly: SQL): SQL {
  if (reader.isAdmin) return sql`true`;
  if (!reader.pastorOf) return sql`false`;
  return sql`${assembly} = ${reader.pastorOf}`;
}

/** The approved requests of `r` (the prayer_requests alias) the reader may read. */
function readable(reader: Reader): SQL {
  const mod = moderates(reader, sql`r.assembly`);
  return sql`r.status = 'approved' and (
    r.visibility = 'church'
    or (r.visibility = 'assembly' and (r.assembly = ${reader.assembly} or ${mod}))
    or (r.visibility = 'pastors' and ${mod}))`;
}

export interface Row {
  id: string;
  user_id: string;
  assembly: string | null;
  text: string;
  visibility: PrayerVisibility;
  anonymous: boolean;
  status: PrayerStatus;
  answered_at: string | Date | null;
  answer_note: string | null;
  rejection_reason: string | null;
  moderated_at: string | Date | null;
  created_at: string | Date;
  full_name: string;
  prayed_count: string | number;
  prayed: boolean;
  reports: string | number;
  moderator: boolean;
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
export const iso = (value: string | Date) => new Date(value).toISOString();

/** The requests `where` keeps, in `order` (newest first), as the reader may see them. */
export async function selectRequests(
  ctx: Ctx,
  reader: Reader,
  where: SQL,
  { limit = PRAYER_WALL_SIZE, order = sql`r.created_at desc, r.id desc` } = {},
) {
  return rowsOf<Row>(
    await ctx.db.execute(sql`
      select r.id, r.user_id, r.assembly, r.text, r.visibility, r.anonymous, r.status,
        r.answered_at, r.answer_note, r.rejection_reason, r.moderated_at, r.created_at,
        u.full_name,
        (select count(*) from prayer_prayed p where p.request_id = r.id) as prayed_count,
        exists (select 1 from prayer_prayed p
          where p.request_id = r.id and p.user_id = ${reader.id}) as prayed,
        (select count(*) from prayer_reports x
          where x.request_id = r.id and not x.dismissed) as reports,
        (${moderates(reader, sql`r.assembly`)}) as moderator
      from prayer_requests r join users u on u.id = r.user_id
      where ${where}
      order by ${order}
      limit ${limit}`),
  );
}

/** What the reader sees of a request: the name hidden from other members when anonymous. */
function toRequest(row: Row, reader: Reader): PrayerRequest {
  const mine = row.user_id === reader.id;
  return {
    id: row.id,
    text: row.text,
    visibility: row.visibility,
    anonymous: row.anonymous,
    author: row.anonymous && !mine && !row.moderator ? ANONYMOUS_NAME : row.full_name,
    mine,
    status: row.status,
    prayedCount: Number(row.prayed_count),
    prayed: Boolean(row.prayed),
    answeredAt: row.answered_at ? iso(row.answered_at) : null,
    answerNote: row.answer_note,
    rejectionReason: row.status === 'rejected' ? row.rejection_reason : null,
    createdAt: iso(row.created_at),
  };
}

/** GET /api/prayer: the reader's own requests (any status) and the approved ones they may read. */
export async function listWall(ctx: Ctx, reader: Reader): Promise<PrayerWall> {
  const rows = await selectRequests(
    ctx,
    reader,
    sql`r.user_id = ${reader.id} or ${readable(reader)}`,
  );
  return {
    requests: rows.map((row) => toRequest(row, reader)),
    canModerate: canModerateAny(reader),
  };
}

export const notFound = () => new AppError(404, 'NOT_FOUND', m.shared_prayer_not_found());

/** One request the reader may read (their own, or approved and readable), else 404. */
async function readableRequest(ctx: Ctx, reader: Reader, id: string) {
  const [row] = await selectRequests(
    ctx,
    reader,
    sql`r.id = ${id} and (r.user_id = ${reader.id} or ${readable(reader)})`,
    { limit: 1 },
  );
  if (!row) throw notFound();
  return row;
}

/**
 * A member's request: held for moderation unless it is for pastors only (they are its
 * moderators). At most PRAYER_DAILY_LIMIT in 24 hours; 'assembly' needs a profile assembly.
 */
export async function createRequest(
  ctx: Ctx,
  reader: Reader,
  input: PrayerCreate,
  now = new Date(),
): Promise<PrayerRequest> {
  if (input.visibility === 'assembly' && !reader.assembly) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_prayer_fields_attention(), {
      visibility: m.shared_prayer_no_assembly(),
    });
  }
  const since = new Date(now.getTime() - 86_400_000);
  const [recent] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(prayerRequests)
    .where(and(eq(prayerRequests.userId, reader.id), gt(prayerRequests.createdAt, since)));
  if ((recent?.count ?? 0) >= PRAYER_DAILY_LIMIT) {
    throw new AppError(429, 'RATE_LIMITED', PRAYER_MESSAGES.dailyLimit);
  }
  const [made] = await ctx.db
    .insert(prayerRequests)
    .values({
      userId: reader.id,
      assembly: reader.assembly,
      text: input.text,
      visibility: input.visibility,
      anonymous: input.anonymous,
      status: input.visibility === 'pastors' ? 'approved' : 'pending',
    })
    .returning({ id: prayerRequests.id });
  return toRequest(await readableRequest(ctx, reader, made!.id), reader);
}

/** The author removes their request, whatever its state; anyone else: 404. */
export async function deleteRequest(ctx: Ctx, reader: Reader, id: string) {
  const gone = await ctx.db
    .delete(prayerRequests)
    .where(and(eq(prayerRequests.id, id), eq(prayerRequests.userId, reader.id)))
    .returning({ id: prayerRequests.id });
  if (gone.length === 0) throw notFound();
}

/** 'I prayed' on an approved request the reader may read: counted once per member. */
export async function markPrayed(ctx: Ctx, reader: Reader, id: string): Promise<PrayerRequest> {
  const row = await readableRequest(ctx, reader, id);
  if (row.status !== 'approved') throw notFound();
  await ctx.db
    .insert(prayerPrayed)
    .values({ requestId: id, userId: reader.id })
    .onConflictDoNothing();
  return toRequest(await readableRequest(ctx, reader, id), reader);
}

/**
 * The author marks their request answered, with a note (again: the note is replaced). Each
 * member who prayed for it is told, once (core/notify.ts).
 */
export async function markAnswered(
  ctx: Parameters<typeof notify>[0],
  reader: Reader,
  id: string,
  note: string,
  now = new Date(),
): Promise<PrayerRequest> {
  const done = await ctx.db
    .update(prayerRequests)
    .set({ answeredAt: now, answerNote: note })
    .where(and(eq(prayerRequests.id, id), eq(prayerRequests.userId, reader.id)))
    .returning({ id: prayerRequests.id });
  if (done.length === 0) throw notFound();
  const prayed = await ctx.db
    .select({ userId: prayerPrayed.userId })
    .from(prayerPrayed)
    .where(eq(prayerPrayed.requestId, id));
  for (const { userId } of prayed) {
    if (userId === reader.id) continue;
    await notify(
      ctx,
      {
        userId,
        kind: 'prayer.answered',
        key: id,
        url: '/prayer',
        texts: () => {
          const link = `${ctx.config.publicUrl}/prayer`;
          return {
            title: m.mail_prayer_answered_subject(),
            body: m.server_prayer_answered_body({ note }),
            email: {
              subject: m.mail_prayer_answered_subject(),
              text: m.mail_prayer_answered_text({ church: ctx.church.registeredName, note, link }),
            },
            sms: m.sms_prayer_answered({ church: ctx.church.churchName.slice(0, 30), link }),
          };
        },
      },
      { sendNow: false },
    );
  }
  return toRequest(await readableRequest(ctx, reader, id), reader);
}

/**
 * A member reports an approved request they may read (not their own): one report holds it
 * for moderation again, hidden from everyone but its author and its moderators.
 */
export async function reportRequest(ctx: Ctx, reader: Reader, id: string) {
  const row = await readableRequest(ctx, reader, id);
  if (row.status !== 'approved') throw notFound();
  if (row.user_id === reader.id) {
    throw new AppError(400, 'OWN_REQUEST', m.shared_prayer_own_report());
  }
  // A member reports a request once: after a moderator approved it again, the same member's
  // second report changes nothing (another member's holds it again).
  await ctx.db.transaction(async (tx) => {
    const first = await tx
      .insert(prayerReports)
      .values({ requestId: id, userId: reader.id })
      .onConflictDoNothing()
      .returning({ requestId: prayerReports.requestId });
    if (first.length > 0) {
      await tx.update(prayerRequests).set({ status: 'pending' }).where(eq(prayerRequests.id, id));
    }
  });
  return { reported: true as const };
}
