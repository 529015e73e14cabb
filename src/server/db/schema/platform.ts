import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidKey } from './columns.ts';

// What the platform keeps: rate-limit counters, the job schedule, the dev mailbox and SMS.

// Shared fixed-window counters, so limits hold across app instances.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
});

/**
 * The durable job schedule (platform/jobs.ts): each row runs once, by whichever instance
 * claims it first (FOR UPDATE SKIP LOCKED), after its time, even if that time passed while
 * every instance was stopped. `key` makes scheduling the same job twice a no-op.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: uuidKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    runAt: timestamptz('run_at').notNull(),
    payload: jsonb('payload').notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    /** A claim's lease: a crashed instance's job is taken again after it. */
    lockedUntil: timestamptz('locked_until'),
    doneAt: timestamptz('done_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('scheduled_jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

// Mails kept when no SMTP server is configured (see platform/mail).
export const devMails = pgTable(
  'dev_mails',
  {
    id: uuidKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mails_created_idx').on(t.createdAt.desc())],
);

/** SMS kept instead of sent while no SMS gateway is configured (platform/sms). */
export const devSms = pgTable(
  'dev_sms',
  {
    id: uuidKey(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    encoding: text('encoding').notNull(),
    segments: integer('segments').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_sms_created_idx').on(t.createdAt.desc())],
);
