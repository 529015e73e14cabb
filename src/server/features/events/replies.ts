import { and, eq, sql } from 'drizzle-orm';
import type { EventSummary, EventView, GuestRsvp, Rsvp } from '../../../shared/schemas/events.ts';
import { eventRsvps } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import {
  EVENT_REMINDER,
  REMINDER_LEAD_MS,
  findEvent,
  getEvent,
  rowsOf,
  summaryOf,
  type Ctx,
  type Db,
  type Tx,
} from './events.service.ts';
import { m } from '../../../paraglide/messages.js';

// Replies: a member's or a guest's, counted against the seats while the event's row is locked.

/** Locks the event's row for the reply being counted: two replies never take the last seat. */
async function lockEvent(tx: Tx, id: string) {
  const [row] = rowsOf<{
    starts_at: Date | string;
    capacity: number | null;
    registration_closes_at: Date | string | null;
  }>(
    await tx.execute(
      sql`select starts_at, capacity, registration_closes_at from events where id = ${id} for update`,
    ),
  );
  if (!row) throw new AppError(404, 'NOT_FOUND', m.shared_events_not_found());
  return row;
}

/**
 * Refuses a reply that would take `seats` (before: `had`) when the event has started, its
 * registration has closed (a reply may still give seats back), or too few places are left.
 */
async function checkSeats(
  tx: Tx,
  event: Awaited<ReturnType<typeof lockEvent>>,
  id: string,
  exceptRsvp: string | null,
  seats: number,
  had: number,
  now: Date,
) {
  if (now >= new Date(event.starts_at))
    throw new AppError(409, 'EVENT_STARTED', m.shared_events_ended());
  if (seats <= had) return;
  if (event.registration_closes_at && now >= new Date(event.registration_closes_at)) {
    throw new AppError(409, 'REGISTRATION_CLOSED', m.shared_events_closed());
  }
  if (event.capacity === null) return;
  const [taken] = rowsOf<{ seats: number | string }>(
    await tx.execute(sql`
      select coalesce(sum(1 + guests), 0)::int as seats from event_rsvps
      where event_id = ${id} and going ${exceptRsvp ? sql`and id <> ${exceptRsvp}` : sql``}`),
  );
  const left = event.capacity - Number(taken?.seats ?? 0);
  if (left <= 0) throw new AppError(409, 'EVENT_FULL', m.shared_events_full());
  if (seats > left)
    throw new AppError(409, 'EVENT_FULL', m.shared_events_full_for({ count: left }));
}

/** When a reply's reminder goes: a day before the start, or now when that has passed. */
function reminderAt(startsAt: Date | string, now: Date) {
  const at = new Date(new Date(startsAt).getTime() - REMINDER_LEAD_MS);
  return at > now ? at : now;
}

/** A member's reminder, in their account's language when it is sent. */
async function scheduleReminder(db: Tx | Db, rsvpId: string, startsAt: Date | string, now: Date) {
  // A key per reply and time: a reply that is 'going' again gets a job again; reminded_at
  // keeps it to one reminder.
  const runAt = reminderAt(startsAt, now);
  await scheduleJob(db, {
    kind: EVENT_REMINDER,
    key: `events:reminder:${rsvpId}:${now.getTime()}`,
    runAt,
    payload: { rsvpId },
  });
}

/** A member's reply (made or changed): going with guests, or not going. */
export async function replyToEvent(
  ctx: Ctx,
  userId: string,
  id: string,
  rsvp: Rsvp,
  now: Date,
): Promise<EventView> {
  await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    const [before] = await tx
      .select({ id: eventRsvps.id, going: eventRsvps.going, guests: eventRsvps.guests })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, id), eq(eventRsvps.userId, userId)));
    const had = before?.going ? 1 + before.guests : 0;
    const seats = rsvp.going ? 1 + rsvp.guests : 0;
    await checkSeats(tx, event, id, before?.id ?? null, seats, had, now);
    const values = {
      going: rsvp.going,
      guests: rsvp.going ? rsvp.guests : 0,
      showName: rsvp.showName,
      updatedAt: now,
    };
    const [saved] = before
      ? await tx
          .update(eventRsvps)
          .set(values)
          .where(eq(eventRsvps.id, before.id))
          .returning({ id: eventRsvps.id })
      : await tx
          .insert(eventRsvps)
          .values({ eventId: id, userId, ...values })
          .returning({ id: eventRsvps.id });
    if (rsvp.going && !before?.going) await scheduleReminder(tx, saved!.id, event.starts_at, now);
  });
  return getEvent(ctx, id, userId, now);
}

/**
 * A guest's reply: going, by name and phone, once per phone. No reminder: nothing proved the
 * number theirs, and an SMS to a typed number is anyone's to aim (issue 47, decision 050).
 */
export async function guestReply(
  ctx: Ctx,
  id: string,
  input: GuestRsvp,
  now: Date,
): Promise<EventSummary> {
  await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, id);
    await checkSeats(tx, event, id, null, 1 + input.guests, 0, now);
    const [saved] = await tx
      .insert(eventRsvps)
      .values({
        eventId: id,
        guestName: input.name,
        guestPhone: input.phone,
        going: true,
        guests: input.guests,
      })
      .onConflictDoNothing()
      .returning({ id: eventRsvps.id });
    if (!saved) throw new AppError(409, 'ALREADY_REPLIED', m.shared_events_guest_taken());
  });
  return summaryOf(await findEvent(ctx.db, id), now);
}
