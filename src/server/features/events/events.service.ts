import { and, eq, sql } from 'drizzle-orm';
import type { FinanceScope } from '../../../shared/schemas/finance.ts';
import {
  EVENT_MESSAGES,
  type EventCreate,
  type EventKind,
  type EventsList,
  type EventSummary,
  type EventView,
  type GuestRsvp,
  type ManagedEvent,
  type ManagedEvents,
  type MyRsvp,
  type Rsvp,
} from '../../../shared/schemas/events.ts';
import { formatGhanaTime } from '../../../shared/format.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { assemblies, eventRsvps, events } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { toCsv } from '../../platform/csv.ts';
import { scheduleJob, type JobHandler } from '../../platform/jobs.ts';
import { listAssemblies } from '../../core/church.ts';
import { notify } from '../../core/notify.ts';
import { icsCalendar } from './ics.ts';

// Events (decision 037). Anyone sees upcoming events and replies: members by their account,
// guests by name and phone. Admins publish for any assembly or all; an assembly's finance
// officers for theirs. Seats: replies 'going' plus the guests they bring, never over the
// capacity (the event's row is locked while a reply is counted). A reminder per 'going'
// member's reply, a day before the start, by the job schedule, sent at most once.

type Ctx = Pick<AppContext, 'db'>;
type Db = AppContext['db'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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

interface CountedRow extends EventRow {
  going: number | string;
  not_going: number | string;
  guests: number | string;
  guest_replies: number | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Events with their seats taken and reply counts, those `where` keeps, soonest first (500 at most). */
function eventsSql(where: ReturnType<typeof sql>) {
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

function summaryOf(row: EventRow, now: Date): EventSummary {
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

async function findEvent(db: Ctx['db'], id: string): Promise<EventRow> {
  const [row] = rowsOf<EventRow>(await db.execute(eventsSql(sql`e.id = ${id}`)));
  if (!row) throw new AppError(404, 'NOT_FOUND', EVENT_MESSAGES.notFound);
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
  if (!row) throw new AppError(404, 'NOT_FOUND', EVENT_MESSAGES.notFound);
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
    throw new AppError(409, 'EVENT_STARTED', EVENT_MESSAGES.ended);
  if (seats <= had) return;
  if (event.registration_closes_at && now >= new Date(event.registration_closes_at)) {
    throw new AppError(409, 'REGISTRATION_CLOSED', EVENT_MESSAGES.closed);
  }
  if (event.capacity === null) return;
  const [taken] = rowsOf<{ seats: number | string }>(
    await tx.execute(sql`
      select coalesce(sum(1 + guests), 0)::int as seats from event_rsvps
      where event_id = ${id} and going ${exceptRsvp ? sql`and id <> ${exceptRsvp}` : sql``}`),
  );
  const left = event.capacity - Number(taken?.seats ?? 0);
  if (left <= 0) throw new AppError(409, 'EVENT_FULL', EVENT_MESSAGES.full);
  if (seats > left) throw new AppError(409, 'EVENT_FULL', EVENT_MESSAGES.fullFor(left));
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
    if (!saved) throw new AppError(409, 'ALREADY_REPLIED', EVENT_MESSAGES.guestTaken);
  });
  return summaryOf(await findEvent(ctx.db, id), now);
}

// ---------------------------------------------------------------- managing events

/** Whether a finance scope (admins: all) may manage an event of this assembly (null: all). */
export function mayManage(scope: FinanceScope, assembly: string | null) {
  return scope.all || (assembly !== null && scope.assemblies.includes(assembly));
}

/** The events its managers see: upcoming (and of the last 30 days), theirs to manage. */
export async function listManagedEvents(
  ctx: Ctx,
  scope: FinanceScope,
  now: Date,
): Promise<ManagedEvents> {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const inScope = scope.all
    ? sql`true`
    : scope.assemblies.length === 0
      ? sql`false`
      : sql`e.assembly in (${sql.join(
          scope.assemblies.map((a) => sql`${a}`),
          sql`, `,
        )})`;
  const rows = rowsOf<CountedRow>(
    await ctx.db.execute(eventsSql(sql`e.ends_at > ${since}::timestamptz and ${inScope}`)),
  );
  const list = await listAssemblies(ctx);
  return {
    events: rows.map((row): ManagedEvent => ({
      ...summaryOf(row, now),
      going: Number(row.going),
      notGoing: Number(row.not_going),
      guests: Number(row.guests),
      guestReplies: Number(row.guest_replies),
    })),
    assemblies: scope.all ? list : list.filter((a) => scope.assemblies.includes(a.slug)),
    allAssemblies: scope.all,
  };
}

export async function createEvent(
  ctx: Ctx,
  caller: { userId: string; scope: FinanceScope },
  input: EventCreate,
  now: Date,
): Promise<EventSummary> {
  if (!mayManage(caller.scope, input.assembly)) {
    throw new AppError(403, 'FORBIDDEN', EVENT_MESSAGES.notYours);
  }
  if (input.assembly) {
    const [known] = await ctx.db
      .select({ slug: assemblies.slug })
      .from(assemblies)
      .where(eq(assemblies.slug, input.assembly));
    if (!known) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_events_fields_attention(), {
        assembly: m.server_events_choose_assembly(),
      });
    }
  }
  if (input.startsAt <= now) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_events_fields_attention(), {
      startsAt: m.server_events_future(),
    });
  }
  const [made] = await ctx.db
    .insert(events)
    .values({ ...input, createdBy: caller.userId })
    .returning({ id: events.id });
  return summaryOf(await findEvent(ctx.db, made!.id), now);
}

/** Takes an event down (its replies with it); managers of its assembly only. */
export async function deleteEvent(ctx: Ctx, scope: FinanceScope, id: string) {
  const row = await findEvent(ctx.db, id);
  if (!mayManage(scope, row.assembly))
    throw new AppError(403, 'FORBIDDEN', EVENT_MESSAGES.notYours);
  await ctx.db.delete(events).where(eq(events.id, id));
}

/** Every reply of an event as CSV (names, phones, emails: managers of its assembly only). */
export async function rsvpsCsv(ctx: Ctx, scope: FinanceScope, id: string) {
  const row = await findEvent(ctx.db, id);
  if (!mayManage(scope, row.assembly))
    throw new AppError(403, 'FORBIDDEN', EVENT_MESSAGES.notYours);
  const replies = rowsOf<{
    name: string;
    kind: string;
    email: string | null;
    phone: string | null;
    assembly: string | null;
    going: boolean;
    guests: number;
    replied_at: Date | string;
  }>(
    await ctx.db.execute(sql`
      select coalesce(u.full_name, r.guest_name) as name,
        case when r.user_id is null then 'guest' else 'member' end as kind,
        u.email, coalesce(u.phone_number, r.guest_phone) as phone, u.assembly_name as assembly,
        r.going, r.guests, r.updated_at as replied_at
      from event_rsvps r left join users u on u.id = r.user_id
      where r.event_id = ${id}
      order by r.going desc, lower(coalesce(u.full_name, r.guest_name))`),
  );
  const csv = toCsv(
    [
      m.server_events_csv_name(),
      m.server_events_csv_kind(),
      m.server_events_csv_email(),
      m.server_events_csv_phone(),
      m.server_events_csv_assembly(),
      m.server_events_csv_going(),
      m.server_events_csv_guests(),
      m.server_events_csv_replied_at(),
    ],
    replies.map((r) => [
      r.name,
      r.kind,
      r.email,
      r.phone,
      r.assembly,
      r.going ? 'yes' : 'no',
      r.guests,
      iso(r.replied_at),
    ]),
  );
  const slug =
    row.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'event';
  return { csv, filename: `${slug.slice(0, 40)}-replies.csv` };
}

// ---------------------------------------------------------------- reminders

interface ReminderRow {
  event_id: string;
  title: string;
  place: string;
  starts_at: Date | string;
  user_id: string | null;
}

/**
 * Sends one member's reminder, if their reply is still 'going', not yet reminded and the event
 * not yet started. It is a notice (core/notify.ts), sent by their channels (SMS
 * only to a proved phone) and retried there, in their language: written first (once, by its
 * key), reminded_at set after, so a crash between the two leaves the job to write it again,
 * which finds it written and sends nothing twice. A guest's reply gets none (decision 050):
 * a job scheduled for one before that is skipped.
 */
export async function sendEventReminder(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'sms' | 'church' | 'config' | 'log' | 'secrets' | 'now'>,
  rsvpId: string,
  now: Date,
): Promise<'sent' | 'skipped'> {
  const due = sql`r.id = ${rsvpId} and e.id = r.event_id and r.going and r.reminded_at is null
    and e.starts_at > ${now.toISOString()}::timestamptz`;
  const [reply] = rowsOf<ReminderRow>(
    await ctx.db.execute(sql`
      select r.event_id, e.title, e.place, e.starts_at, r.user_id
      from event_rsvps r join events e on e.id = r.event_id
      where ${due}`),
  );
  if (!reply?.user_id) return 'skipped';
  // Dates keep en-GH in either language (decision 042).
  const facts = {
    church: ctx.church.registeredName,
    title: reply.title,
    when: formatGhanaTime(reply.starts_at),
    place: reply.place,
    link: `${ctx.config.publicUrl}/events/${reply.event_id}`,
  };
  const markReminded = async () =>
    rowsOf<{ id: string }>(
      await ctx.db.execute(sql`
        update event_rsvps r set reminded_at = ${now.toISOString()}::timestamptz
        from events e
        where ${due}
        returning r.id`),
    ).length > 0;

  await notify(ctx, {
    userId: reply.user_id,
    kind: 'event.reminder',
    key: rsvpId,
    url: `/events/${reply.event_id}`,
    texts: () => ({
      title: m.mail_events_reminder_subject(facts),
      body: m.server_events_reminder_body(facts),
      email: {
        subject: m.mail_events_reminder_subject(facts),
        text: m.mail_events_reminder_text(facts),
      },
      sms: m.sms_events_reminder(facts),
    }),
  });
  return (await markReminded()) ? 'sent' : 'skipped';
}

export function eventJobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    [EVENT_REMINDER]: async (job) => {
      const rsvpId = String(job.payload.rsvpId ?? '');
      if (rsvpId) await sendEventReminder(ctx, rsvpId, ctx.now());
    },
  };
}
