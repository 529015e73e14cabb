import { and, eq, sql } from 'drizzle-orm';
import type {
  EventKind,
  EventsList,
  EventSummary,
  EventView,
  MyRsvp,
} from '../../../shared/schemas/events.ts';
import type { AppContext } from '../../context.ts';
import { eventRsvps } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { icsCalendar } from './ics.ts';
import { m } from '../../../paraglide/messages.js';

// Events (decision 037). Anyone sees upcoming events and replies: members by their account,
// guests by name and phone. Admins publish for any assembly or all; an assembly's finance
// officers for theirs. Seats: replies 'going' plus the guests they bring, never over the
// capacity (the event's row is locked while a reply is counted). A reminder per 'going'
// member's reply, a day before the start, by the job schedule, sent at most once.
//
// This file: an event as members read it. replies.ts, manage-events.ts, reminders.ts.

export type Ctx = Pick<AppContext, 'db'>;
export type Db = AppContext['db'];
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How long before the start the reminder goes (or at once, for a reply within it). */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
export const EVENT_REMINDER = 'events.reminder';

interface EventRow {
  id: string;
  kind: string;
  title: string;
  assembly: string | null;
  assembly_label: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  place: string;
  description: string;
  capacity: number | null;
  registration_closes_at: Date | string | null;
  seats_taken: number | string;
}

export interface CountedRow extends EventRow {
  going: number | string;
  not_going: number | string;
  guests: number | string;
  guest_replies: number | string;
}

export const iso = (value: Date | string) => new Date(value).toISOString();

/** Events with their seats taken and reply counts, those `where` keeps, soonest first (500 at most). */
export function eventsSql(where: ReturnType<typeof sql>) {
  return sql`
    select e.id, e.kind, e.title, e.assembly, a.label as assembly_label, e.starts_at, e.ends_at,
      e.place, e.description, e.capacity, e.registration_closes_at,
      coalesce(sum(1 + r.guests) filter (where r.going), 0)::int as seats_taken,
      count(r.id) filter (where r.going)::int as going,
      count(r.id) filter (where not r.going)::int as not_going,
      coalesce(sum(r.guests) filter (where r.going), 0)::int as guests,
      count(r.id) filter (where r.guest_phone is not null)::int as guest_replies
    from events e
    left join assemblies a on a.slug = e.assembly
    left join event_rsvps r on r.event_id = e.id
    where ${where}
    group by e.id, a.label
    order by e.starts_at, e.title
    limit 500`;
}

export function summaryOf(row: EventRow, now: Date): EventSummary {
  const seatsTaken = Number(row.seats_taken);
  const startsAt = new Date(row.starts_at);
  const closesAt = row.registration_closes_at ? new Date(row.registration_closes_at) : null;
  return {
    id: row.id,
    kind: row.kind as EventKind,
    title: row.title,
    assembly: row.assembly
      ? { slug: row.assembly, label: row.assembly_label ?? row.assembly }
      : null,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    place: row.place,
    description: row.description,
    capacity: row.capacity,
    registrationClosesAt: closesAt ? closesAt.toISOString() : null,
    seatsTaken,
    placesLeft: row.capacity === null ? null : Math.max(0, row.capacity - seatsTaken),
    open: now < startsAt && (!closesAt || now < closesAt),
  };
}

/** Events not yet over, soonest first: anyone may see them (titles, places, counts). */
export async function listEvents(ctx: Ctx, now: Date): Promise<EventsList> {
  const rows = rowsOf<EventRow>(
    await ctx.db.execute(eventsSql(sql`e.ends_at > ${now.toISOString()}::timestamptz`)),
  );
  return { events: rows.map((row) => summaryOf(row, now)) };
}

export async function findEvent(db: Ctx['db'], id: string): Promise<EventRow> {
  const [row] = rowsOf<EventRow>(await db.execute(eventsSql(sql`e.id = ${id}`)));
  if (!row) throw new AppError(404, 'NOT_FOUND', m.shared_events_not_found());
  return row;
}

/**
 * One event; for a signed-in viewer also their reply and the names of the members of their
 * own assembly going who chose to show them (never anyone else's).
 */
export async function getEvent(
  ctx: Ctx,
  id: string,
  viewerId: string | null,
  now: Date,
): Promise<EventView> {
  const row = await findEvent(ctx.db, id);
  let myRsvp: MyRsvp | null = null;
  let attendees: string[] = [];
  if (viewerId) {
    const [mine] = await ctx.db
      .select({ going: eventRsvps.going, guests: eventRsvps.guests, showName: eventRsvps.showName })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, id), eq(eventRsvps.userId, viewerId)));
    myRsvp = mine ?? null;
    attendees = rowsOf<{ full_name: string }>(
      await ctx.db.execute(sql`
        select u.full_name from event_rsvps r
        join users u on u.id = r.user_id
        join users me on me.id = ${viewerId}
        where r.event_id = ${id} and r.going and r.show_name and r.user_id <> ${viewerId}
          and me.assembly_name is not null and u.assembly_name = me.assembly_name
        order by lower(u.full_name)
        limit 200`),
    ).map((r) => r.full_name);
  }
  return { ...summaryOf(row, now), myRsvp, attendees };
}

/** The event as an iCalendar file (ics.ts). */
export async function eventIcs(
  ctx: Pick<AppContext, 'db' | 'church' | 'config'>,
  id: string,
  now: Date,
) {
  const row = await findEvent(ctx.db, id);
  const host = new URL(ctx.config.publicUrl).hostname || 'flock.local';
  return icsCalendar(
    {
      uid: `${row.id}@${host}`,
      stamp: now,
      start: new Date(row.starts_at),
      end: new Date(row.ends_at),
      summary: row.title,
      location: row.place,
      description: row.description,
      url: `${ctx.config.publicUrl}/events/${row.id}`,
    },
    ctx.church.productName,
  );
}
