import { eq, sql } from 'drizzle-orm';
import {
  PRAYER_REJECTED_SHOWN,
  type HeldPrayer,
  type PrayerDecision,
  type PrayerQueue,
  type RejectedPrayer,
} from '../../../shared/schemas/prayer.ts';
import type { AppContext } from '../../context.ts';
import { prayerReports } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import {
  canModerateAny,
  iso,
  moderates,
  notFound,
  rowsOf,
  selectRequests,
  type Reader,
  type Row,
} from './prayer.service.ts';
import { m } from '../../../paraglide/messages.js';

// Moderating the prayer wall (decision 036): a moderator approves a held request, or rejects
// it with the reason its author is shown, and can undo a rejection (issue 48, decision 056).
// Who moderates which request is `moderates` (prayer.service.ts): admins, and the approved
// pastors of its assembly; anyone else is 403, a request of another assembly 404.

type Ctx = Pick<AppContext, 'db'>;

const notModerator = () => new AppError(403, 'FORBIDDEN', m.shared_prayer_not_moderator());

const heldOf = (row: Row): HeldPrayer => ({
  id: row.id,
  text: row.text,
  visibility: row.visibility,
  anonymous: row.anonymous,
  author: row.full_name,
  assembly: row.assembly,
  reports: Number(row.reports),
  createdAt: iso(row.created_at),
});

/**
 * GET /api/prayer/moderation: the requests held in the assemblies the reader moderates, and
 * the newest rejections there (each can be undone).
 */
export async function listHeld(ctx: Ctx, reader: Reader): Promise<PrayerQueue> {
  if (!canModerateAny(reader)) throw notModerator();
  const mine = moderates(reader, sql`r.assembly`);
  const [held, rejected] = await Promise.all([
    // Oldest first: the queue is worked through in order, and none waits for ever.
    selectRequests(ctx, reader, sql`r.status = 'pending' and ${mine}`, {
      order: sql`r.created_at, r.id`,
    }),
    selectRequests(ctx, reader, sql`r.status = 'rejected' and ${mine}`, {
      limit: PRAYER_REJECTED_SHOWN,
      order: sql`r.moderated_at desc nulls last, r.id desc`,
    }),
  ]);
  return {
    held: held.map(heldOf),
    rejected: rejected.map((row): RejectedPrayer => ({
      ...heldOf(row),
      reason: row.rejection_reason,
      rejectedAt: iso(row.moderated_at ?? row.created_at),
    })),
  };
}

/** Sets a request of the reader's assemblies in `from` to `to`; false when there is none. */
async function moderate(
  ctx: Ctx,
  reader: Reader,
  id: string,
  from: 'pending' | 'rejected',
  to: { status: 'pending' | 'approved' | 'rejected'; reason: string | null },
  now: Date,
) {
  return ctx.db.transaction(async (tx) => {
    const done = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update prayer_requests r set status = ${to.status}, rejection_reason = ${to.reason},
          moderated_by = ${reader.id}, moderated_at = ${now.toISOString()}
        where r.id = ${id} and r.status = ${from} and ${moderates(reader, sql`r.assembly`)}
        returning r.id`),
    );
    if (done.length === 0) throw notFound();
    if (to.status === 'approved') {
      await tx
        .update(prayerReports)
        .set({ dismissed: true })
        .where(eq(prayerReports.requestId, id));
    }
  });
}

/**
 * A moderator approves (shown; its reports so far dismissed) or rejects, with a reason (only
 * its author sees it, with the reason), a held request of an assembly they moderate. Not a
 * moderator: 403; another assembly's or not held: 404.
 */
export async function decideRequest(
  ctx: Ctx,
  reader: Reader,
  id: string,
  decision: PrayerDecision,
  now = new Date(),
) {
  if (!canModerateAny(reader)) throw notModerator();
  const reason = decision.status === 'rejected' ? decision.reason : null;
  await moderate(ctx, reader, id, 'pending', { status: decision.status, reason }, now);
  return { id, status: decision.status };
}

/**
 * Undoes a rejection: the request is held again (its reason gone), for a moderator of its
 * assembly to decide anew. Not a moderator: 403; another assembly's or not rejected: 404.
 */
export async function restoreRequest(ctx: Ctx, reader: Reader, id: string, now = new Date()) {
  if (!canModerateAny(reader)) throw notModerator();
  await moderate(ctx, reader, id, 'rejected', { status: 'pending', reason: null }, now);
  return { id, status: 'pending' as const };
}
