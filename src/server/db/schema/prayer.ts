import { boolean, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { PRAYER_STATUSES, PRAYER_VISIBILITIES } from '../../../shared/prayer.ts';
import { createdAt, inList, parentId, timestamptz, uuidKey } from './columns.ts';
import { assemblyRef, member, optionalMember } from './references.ts';

// The prayer wall (decision 036).

/**
 * A member's prayer request. `assembly` is the author's when they posted (their pastors
 * moderate it and, for 'assembly' and 'pastors', read it). Held ('pending') until a moderator
 * approves it, except a request for pastors only; a report holds it again.
 */
export const prayerRequests = pgTable(
  'prayer_requests',
  {
    id: uuidKey(),
    userId: member(),
    assembly: assemblyRef(),
    text: text('text').notNull(),
    visibility: text('visibility').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    status: text('status').notNull().default('pending'),
    moderatedBy: optionalMember('moderated_by'),
    moderatedAt: timestamptz('moderated_at'),
    /** Why a moderator rejected it, shown to its author (issue 48); null unless rejected. */
    rejectionReason: text('rejection_reason'),
    answeredAt: timestamptz('answered_at'),
    answerNote: text('answer_note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('prayer_requests_visibility', inList('visibility', PRAYER_VISIBILITIES)),
    check('prayer_requests_status', inList('status', PRAYER_STATUSES)),
    index('prayer_requests_status_created_idx').on(t.status, t.createdAt.desc()),
    index('prayer_requests_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** 'I prayed': once per member and request. */
export const prayerPrayed = pgTable(
  'prayer_prayed',
  {
    requestId: parentId('request_id', () => prayerRequests.id),
    userId: member(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);

/**
 * A member's report of a request (once each). One report holds the request for moderation
 * again; approving it marks the reports so far as dismissed.
 */
export const prayerReports = pgTable(
  'prayer_reports',
  {
    requestId: parentId('request_id', () => prayerRequests.id),
    userId: member(),
    dismissed: boolean('dismissed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);
