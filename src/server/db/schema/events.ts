import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { EVENT_KINDS } from '../../../shared/events.ts';
import { createdAt, inList, parentId, timestamptz, updatedAt, uuidKey } from './columns.ts';
import { assemblyRef, optionalMember } from './references.ts';
import { users } from './accounts.ts';

// Events and replies (decision 037).

/**
 * An event or service an admin (any assembly, or all) or an assembly's finance officer
 * (theirs) published. A later check-in can reference it by id, with its assembly and times.
 */
export const events = pgTable(
  'events',
  {
    id: uuidKey(),
    kind: text('kind').notNull().default('event'),
    title: text('title').notNull(),
    /** null: for every assembly. */
    assembly: assemblyRef(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    place: text('place').notNull(),
    description: text('description').notNull().default(''),
    /** People who may come (replies 'going' and their guests); null: no limit. */
    capacity: integer('capacity'),
    registrationClosesAt: timestamptz('registration_closes_at'),
    createdBy: optionalMember('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('events_kind', inList('kind', EVENT_KINDS)),
    check('events_times', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
    index('events_starts_idx').on(t.startsAt),
  ],
);

/**
 * A reply to an event: a member's (one per member) or a guest's by phone (one per phone).
 * `reminded_at`: a guest's is set before their SMS, so it goes at most once; a member's after
 * their notice is written, which sends each of its channels once (notifications).
 */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    id: uuidKey(),
    eventId: parentId('event_id', () => events.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestName: text('guest_name'),
    guestPhone: text('guest_phone'),
    going: boolean('going').notNull(),
    guests: integer('guests').notNull().default(0),
    /** The member let others of their assembly see their name among those going. */
    showName: boolean('show_name').notNull().default(false),
    remindedAt: timestamptz('reminded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('event_rsvps_who', sql`(${t.userId} is null) <> (${t.guestPhone} is null)`),
    check('event_rsvps_guests', sql`${t.guests} >= 0 and ${t.guests} <= 10`),
    uniqueIndex('event_rsvps_member_idx')
      .on(t.eventId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('event_rsvps_guest_idx')
      .on(t.eventId, t.guestPhone)
      .where(sql`${t.guestPhone} is not null`),
  ],
);
