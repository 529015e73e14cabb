import { eq, sql } from 'drizzle-orm';
import type { FinanceScope } from '../../../shared/schemas/finance.ts';
import type {
  EventCreate,
  EventSummary,
  ManagedEvent,
  ManagedEvents,
} from '../../../shared/schemas/events.ts';
import { m } from '../../../paraglide/messages.js';
import { events } from '../../db/schema.ts';
import { assemblyExists, listAssemblies } from '../../core/church.ts';
import { AppError } from '../../http/errors.ts';
import { toCsv } from '../../platform/csv.ts';
import {
  eventsSql,
  findEvent,
  iso,
  rowsOf,
  summaryOf,
  type CountedRow,
  type Ctx,
} from './events.service.ts';

// Managing events: admins for any assembly or all, an assembly's finance officers for theirs.

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
    throw new AppError(403, 'FORBIDDEN', m.shared_events_not_yours());
  }
  if (input.assembly && !(await assemblyExists(ctx, input.assembly))) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_events_fields_attention(), {
      assembly: m.server_events_choose_assembly(),
    });
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
    throw new AppError(403, 'FORBIDDEN', m.shared_events_not_yours());
  await ctx.db.delete(events).where(eq(events.id, id));
}

/** Every reply of an event as CSV (names, phones, emails: managers of its assembly only). */
export async function rsvpsCsv(ctx: Ctx, scope: FinanceScope, id: string) {
  const row = await findEvent(ctx.db, id);
  if (!mayManage(scope, row.assembly))
    throw new AppError(403, 'FORBIDDEN', m.shared_events_not_yours());
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
