import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHECKIN_METHODS } from '../../../shared/checkin.ts';
import { createdAt, inList, parentId, timestamptz, uuidKey } from './columns.ts';
import { assemblyRef, member, optionalMember } from './references.ts';
import { events } from './events.ts';

// Service check-in (issue 34, decision 039).

/**
 * A service or event members check in to (issue 34): open between `opens_at` and `closes_at`.
 * Its entrance QR is signed with `secret` and changes every period; `code` is the short
 * number for USSD and members without a camera (decision 039).
 */
export const checkinSessions = pgTable(
  'checkin_sessions',
  {
    id: uuidKey(),
    title: text('title').notNull(),
    /** Null: the whole church. */
    assembly: assemblyRef(),
    /** The event it is the check-in of, if any (decision 037's events). */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    opensAt: timestamptz('opens_at').notNull(),
    closesAt: timestamptz('closes_at').notNull(),
    code: text('code').notNull(),
    secret: text('secret').notNull(),
    createdBy: optionalMember('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkin_sessions_code_idx').on(t.code),
    check('checkin_sessions_window', sql`${t.closesAt} > ${t.opensAt}`),
    index('checkin_sessions_opens_idx').on(t.opensAt),
  ],
);

/** One member's check-in to one session: once (the key), by whichever way they came. */
export const checkins = pgTable(
  'checkins',
  {
    sessionId: parentId('session_id', () => checkinSessions.id),
    userId: member(),
    method: text('method').notNull(),
    /** The usher who checked them in, when one did. */
    byUserId: optionalMember('by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    check('checkins_method', inList('method', CHECKIN_METHODS)),
  ],
);

/**
 * A child checked in to a session: a guardian's phone is required, and the child goes home
 * only with the pick-up code shown on the guardian's phone. Who checked the child in and
 * out is kept.
 */
export const childCheckins = pgTable(
  'child_checkins',
  {
    id: uuidKey(),
    sessionId: parentId('session_id', () => checkinSessions.id),
    childName: text('child_name').notNull(),
    guardianPhone: text('guardian_phone').notNull(),
    /** The guardian's account, when the phone is a member's (they see the code in the app). */
    guardianUserId: optionalMember('guardian_user_id'),
    pickupCode: text('pickup_code').notNull(),
    checkedInBy: optionalMember('checked_in_by'),
    checkedInAt: createdAt(),
    checkedOutBy: optionalMember('checked_out_by'),
    checkedOutAt: timestamptz('checked_out_at'),
  },
  (t) => [
    // A code names one child still in care at a session.
    uniqueIndex('child_checkins_pickup_idx')
      .on(t.sessionId, t.pickupCode)
      .where(sql`${t.checkedOutAt} is null`),
    index('child_checkins_guardian_idx').on(t.guardianUserId),
  ],
);

/** Members an admin made ushers: they check others in, run the entrance screen and pick-up. */
export const checkinUshers = pgTable('checkin_ushers', {
  userId: member().primaryKey(),
  grantedBy: optionalMember('granted_by'),
  createdAt: createdAt(),
});
