import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES, PASTOR_TYPES, WORKER_ROLES } from '../../../shared/constants.ts';
import { createdAt, inList, parentId, timestamptz, uuidKey } from './columns.ts';
import { member, optionalMember } from './references.ts';

// The workers portal: applications, their decisions and files, the gate.

export const workerApplications = pgTable(
  'worker_applications',
  {
    id: uuidKey(),
    userId: member(),
    role: text('role').notNull(),
    // Answers plus storage keys of uploaded files and the signature (never public URLs).
    formData: jsonb('form_data').notNull(),
    status: text('status').notNull().default('pending'),
    pastorType: text('pastor_type'),
    appointmentLetterUrl: text('appointment_letter_url'),
    reviewedBy: optionalMember('reviewed_by'),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('worker_applications_role', inList('role', WORKER_ROLES)),
    check('worker_applications_status', inList('status', APPLICATION_STATUSES)),
    check(
      'worker_applications_pastor_type',
      sql`${t.pastorType} is null or ${inList('pastor_type', PASTOR_TYPES)}`,
    ),
    index('worker_applications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('worker_applications_role_status_idx').on(t.role, t.status),
    index('worker_applications_created_idx').on(t.createdAt.desc()),
    // One open application per member; a rejected member may apply again.
    uniqueIndex('worker_applications_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// Every admin decision on an application, never edited (who, what, when, previous status).
export const applicationDecisions = pgTable(
  'application_decisions',
  {
    id: uuidKey(),
    applicationId: parentId('application_id', () => workerApplications.id),
    decidedBy: optionalMember('decided_by'),
    // Kept as text too, so the trail still names an admin whose account was removed.
    decidedByEmail: text('decided_by_email').notNull(),
    previousStatus: text('previous_status').notNull(),
    status: text('status').notNull(),
    pastorType: text('pastor_type'),
    // Why an application was rejected, as the applicant is told (issue 30).
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('application_decisions_status', inList('status', APPLICATION_STATUSES)),
    check('application_decisions_previous', inList('previous_status', APPLICATION_STATUSES)),
    index('application_decisions_application_idx').on(t.applicationId, t.createdAt),
  ],
);

// Files an applicant uploaded (passport photo, signature): private, served only to admins
// through expiring links. A file belongs to its uploader until an application takes it.
export const applicationFiles = pgTable(
  'application_files',
  {
    id: uuidKey(),
    userId: member(),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    applicationId: uuid('application_id').references(() => workerApplications.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check('application_files_kind', inList('kind', ['passport_photo', 'signature'])),
    index('application_files_user_idx').on(t.userId, t.createdAt),
  ],
);

// Each time a member passed the workers gate (spec §2 Workers gate: access was granted).
export const workersGateGrants = pgTable(
  'workers_gate_grants',
  {
    id: uuidKey(),
    userId: member(),
    createdAt: createdAt(),
  },
  (t) => [index('workers_gate_grants_user_idx').on(t.userId, t.createdAt)],
);
