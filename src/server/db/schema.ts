import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  APPLICATION_STATUSES,
  BANK_STATES,
  BANKS,
  CASH_DELETE_REASONS,
  CASH_STATES,
  FINANCE_ACTIONS,
  GIFT_CHANNELS,
  OFFERING_TYPES,
  PASTOR_TYPES,
  RECEIPT_CHANNELS,
  RECEIPT_ENTRY_KINDS,
  TRANSACTION_STATUSES,
  WORKER_ROLES,
} from '../../shared/constants.ts';
import {
  FREQUENCIES,
  MOMO_DUE_ACTIONS,
  SCHEDULE_METHODS,
  SCHEDULE_STATUSES,
} from '../../shared/schemas/recurring.ts';
import { PLEDGE_RHYTHMS } from '../../shared/pledges.ts';
import { CHECKIN_METHODS } from '../../shared/checkin.ts';
import { PRAYER_STATUSES, PRAYER_VISIBILITIES } from '../../shared/prayer.ts';
import { EVENT_KINDS } from '../../shared/events.ts';
import { LANGUAGES } from '../../shared/languages.ts';

// Money is integer pesewas (1 GHS = 100 pesewas); times are timestamptz.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

function inList(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}

// ---------------------------------------------------------------- members and auth

// The member profile of spec §3 is also the auth library's user row (better-auth's user
// model is mapped onto this table), so sign-up writes one row: nothing half-created.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** The profile's phone (E.164), as the member typed it: not proof of anything. */
    phoneNumber: text('phone_number'),
    /**
     * The phone the member signs in with and USSD knows them by (E.164), once an SMS code
     * proved it theirs (issue 32); set only with `phone_verified` (decision 050).
     */
    loginPhone: text('login_phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /**
     * A phone-first sign-up waiting for its code: the number it will sign in with once the
     * code sent for this sign-up proves it. Not unique: another sign-up for the same number
     * waits beside it, and neither holds the number (decision 050).
     */
    pendingPhone: text('pending_phone'),
    assemblyName: text('assembly_name').references(() => assemblies.slug, {
      onUpdate: 'cascade',
    }),
    location: text('location'),
    dateOfBirth: date('date_of_birth'),
    /** Where receipts and codes go: 'email', 'sms' (to the proved login phone) or 'both'. */
    receiptChannel: text('receipt_channel').notNull().default('email'),
    /**
     * Quiet hours ('HH:MM', Ghana time = UTC; both or neither): SMS and push wait until they
     * end (decision 041). `until` before `from` spans midnight.
     */
    quietFrom: text('quiet_from'),
    quietUntil: text('quiet_until'),
    /** The language of the app, mails, SMS and USSD screens (decision 043). */
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_login_phone_idx').on(t.loginPhone),
    index('users_pending_phone_idx').on(t.pendingPhone),
    check('users_receipt_channel', inList('receipt_channel', RECEIPT_CHANNELS)),
    check('users_locale', inList('locale', LANGUAGES)),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

// Shared fixed-window counters, so limits hold across app instances.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- reference content

export const assemblies = pgTable('assemblies', {
  slug: text('slug').primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

export const sermons = pgTable(
  'sermons',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    videoId: text('video_id').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sermons_id_format', sql`${t.id} ~ '^[a-z0-9][a-z0-9-]{0,79}$'`),
    check('sermons_video_id_format', sql`${t.videoId} ~ '^[A-Za-z0-9_-]{11}$'`),
    check('sermons_title_length', sql`char_length(${t.title}) between 1 and 200`),
    index('sermons_position_idx').on(t.position),
  ],
);

export const devotionalWeeks = pgTable(
  'devotional_weeks',
  {
    id: integer('id').primaryKey(), // the week number, e.g. 15
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('devotional_weeks_id_positive', sql`${t.id} > 0`)],
);

export const devotionalDays = pgTable(
  'devotional_days',
  {
    weekId: integer('week_id')
      .notNull()
      .references(() => devotionalWeeks.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    title: text('title').notNull(),
    documentUrl: text('document_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.weekId, t.day] }),
    check('devotional_days_day_positive', sql`${t.day} > 0`),
    check(
      'devotional_days_url_https',
      sql`${t.documentUrl} is null or ${t.documentUrl} ~ '^https://'`,
    ),
  ],
);

// Which content file was last applied (by hash), so a restart does not undo admin edits.
export const contentVersions = pgTable('content_versions', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- giving

const offeringTypeCheck = (name: string, column: string) =>
  check(name, inList(column, OFFERING_TYPES));

// Card and mobile-money gifts. A row is written before the provider is called.
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A guest's gift: the giving device's guest id (issue 30), until attached to an account. */
    guestId: text('guest_id'),
    reference: text('reference').notNull().unique(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    otherType: text('other_type'),
    amount: integer('amount').notNull(), // pesewas
    currency: text('currency').notNull().default('GHS'),
    status: text('status').notNull().default('pending'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    assembly: text('assembly')
      .notNull()
      .references(() => assemblies.slug, { onUpdate: 'cascade' }),
    email: text('email'),
    phone: text('phone'),
    network: text('network'),
    /** Where the gift was made: 'app' or 'ussd' (issue 32). */
    channel: text('channel').notNull().default('app'),
    /** A recurring gift's period (issue 33): its card renewal or its mobile-money prompt. */
    scheduleId: uuid('schedule_id').references(() => givingSchedules.id, { onDelete: 'set null' }),
    providerResponse: jsonb('provider_response'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('transactions_amount_positive', sql`${t.amount} > 0`),
    check('transactions_currency', sql`${t.currency} = 'GHS'`),
    check('transactions_method', inList('method', ['card', 'momo'])),
    check('transactions_provider', inList('provider', ['paystack', 'moolre', 'sandbox'])),
    check('transactions_status', inList('status', TRANSACTION_STATUSES)),
    check(
      'transactions_network',
      sql`${t.network} is null or ${inList('network', ['MTN', 'Telecel', 'AT'])}`,
    ),
    offeringTypeCheck('transactions_type', 'type'),
    check('transactions_channel', inList('channel', GIFT_CHANNELS)),
    index('transactions_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('transactions_guest_created_idx')
      .on(t.guestId, t.createdAt.desc())
      .where(sql`${t.guestId} is not null`),
    index('transactions_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('transactions_created_idx').on(t.createdAt),
    index('transactions_schedule_idx')
      .on(t.scheduleId)
      .where(sql`${t.scheduleId} is not null`),
  ],
);

// ---------------------------------------------------------------- recurring gifts (issue 33)

/**
 * A member's standing gift (decision 034). Card: Paystack's plan and subscription take the
 * money, their webhooks tell us; mobile money: on each due day the job schedule prompts or
 * reminds the member, never debits. `next_due_on` is the one day the schedule waits for.
 */
export const givingSchedules = pgTable(
  'giving_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    otherType: text('other_type'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    assembly: text('assembly')
      .notNull()
      .references(() => assemblies.slug, { onUpdate: 'cascade' }),
    method: text('method').notNull(),
    amount: integer('amount').notNull(), // pesewas
    frequency: text('frequency').notNull(),
    /** weekly: 0 (Sunday) … 6; monthly: 1 … 28 */
    day: integer('day').notNull(),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    endOn: date('end_on', { mode: 'string' }),
    status: text('status').notNull(),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    // mobile money
    phone: text('phone'),
    network: text('network'),
    onDue: text('on_due'),
    // card (Paystack)
    email: text('email'),
    planCode: text('plan_code').unique(),
    subscriptionCode: text('subscription_code').unique(),
    emailToken: text('email_token'),
    cardFailedAt: timestamp('card_failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('giving_schedules_amount_positive', sql`${t.amount} > 0`),
    check('giving_schedules_method', inList('method', SCHEDULE_METHODS)),
    check('giving_schedules_frequency', inList('frequency', FREQUENCIES)),
    check('giving_schedules_status', inList('status', SCHEDULE_STATUSES)),
    check(
      'giving_schedules_day',
      sql`(${t.frequency} = 'weekly' and ${t.day} between 0 and 6) or (${t.frequency} = 'monthly' and ${t.day} between 1 and 28)`,
    ),
    check(
      'giving_schedules_momo',
      sql`${t.method} <> 'momo' or (${t.phone} is not null and ${t.network} is not null and ${inList('on_due', MOMO_DUE_ACTIONS)})`,
    ),
    check('giving_schedules_card', sql`${t.method} <> 'card' or ${t.email} is not null`),
    offeringTypeCheck('giving_schedules_type', 'type'),
    index('giving_schedules_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * One row per schedule and due day, written once (the unique key): the period's prompt or
 * reminder, or a day that passed while the app was stopped and was not asked for again.
 */
export const scheduleOccurrences = pgTable(
  'schedule_occurrences',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => givingSchedules.id, { onDelete: 'cascade' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** prompted | reminded | missed | charged (a card charge Paystack made) */
    outcome: text('outcome').notNull(),
    /** The period's gift, when one was made. */
    reference: text('reference'),
    /** When the member was reminded; set before sending: never twice. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.dueOn] }),
    check(
      'schedule_occurrences_outcome',
      inList('outcome', ['prompted', 'reminded', 'missed', 'charged']),
    ),
  ],
);

/** Paystack events already handled, by a hash of their body: a retried event changes nothing. */
export const paystackEvents = pgTable('paystack_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  createdAt: createdAt(),
});

/**
 * The durable job schedule (platform/jobs.ts): each row runs once, by whichever instance
 * claims it first (FOR UPDATE SKIP LOCKED), after its time, even if that time passed while
 * every instance was stopped. `key` makes scheduling the same job twice a no-op.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    /** A claim's lease: a crashed instance's job is taken again after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('scheduled_jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

export const cashOfferings = pgTable(
  'cash_offerings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A guest's gift: the giving device's guest id (issue 30), until attached to an account. */
    guestId: text('guest_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    assembly: text('assembly')
      .notNull()
      .references(() => assemblies.slug, { onUpdate: 'cascade' }),
    type: text('type').notNull(),
    otherType: text('other_type'),
    amount: integer('amount').notNull(),
    code: text('code').notNull(),
    /** A USSD caller's number (E.164): the guest's code and receipt go there by SMS. */
    phone: text('phone'),
    /** Where the gift was made: 'app' or 'ussd' (issue 32). */
    channel: text('channel').notNull().default('app'),
    deleted: boolean('deleted').notNull().default(false),
    deletedReason: text('deleted_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    // The finance desk's record, beside (never over) what the member entered above.
    status: text('status').notNull().default('pending'),
    receivedAmount: integer('received_amount'),
    receivedOn: date('received_on'),
    receivedBy: text('received_by'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
  },
  (t) => [
    check('cash_offerings_amount_positive', sql`${t.amount} > 0`),
    check('cash_offerings_status', inList('status', CASH_STATES)),
    check('cash_offerings_channel', inList('channel', GIFT_CHANNELS)),
    check(
      'cash_offerings_received',
      sql`(${t.status} = 'pending') = (${t.receivedAmount} is null and ${t.receivedOn} is null)`,
    ),
    check(
      'cash_offerings_received_amount_positive',
      sql`${t.receivedAmount} is null or ${t.receivedAmount} > 0`,
    ),
    check(
      'cash_offerings_received_matches',
      sql`${t.status} <> 'received' or ${t.receivedAmount} = ${t.amount}`,
    ),
    index('cash_offerings_created_idx').on(t.createdAt),
    check('cash_offerings_code_format', sql`${t.code} ~ '^[0-9]{6}$'`),
    check(
      'cash_offerings_deleted_reason',
      sql`${t.deletedReason} is null or ${inList('deleted_reason', CASH_DELETE_REASONS)}`,
    ),
    offeringTypeCheck('cash_offerings_type', 'type'),
    // Cash is only allowed for tithe (spec §5).
    check('cash_offerings_tithe_only', sql`${t.type} = 'tithe'`),
    uniqueIndex('cash_offerings_open_code_idx')
      .on(t.code)
      .where(sql`not ${t.deleted}`),
    index('cash_offerings_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('cash_offerings_guest_created_idx')
      .on(t.guestId, t.createdAt.desc())
      .where(sql`${t.guestId} is not null`),
  ],
);

export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A guest's gift: the giving device's guest id (issue 30), until attached to an account. */
    guestId: text('guest_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    assembly: text('assembly')
      .notNull()
      .references(() => assemblies.slug, { onUpdate: 'cascade' }),
    type: text('type').notNull(),
    otherType: text('other_type'),
    amount: integer('amount').notNull(),
    bank: text('bank').notNull(),
    code: text('code'),
    /** A USSD caller's number (E.164): the guest's code and receipt go there by SMS. */
    phone: text('phone'),
    /** Where the gift was made: 'app' or 'ussd' (issue 32). */
    channel: text('channel').notNull().default('app'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    // Matched to a bank statement line by the finance desk (bank_statement_lines).
    status: text('status').notNull().default('pending'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    check('bank_transfers_amount_positive', sql`${t.amount} > 0`),
    check('bank_transfers_status', inList('status', BANK_STATES)),
    check('bank_transfers_channel', inList('channel', GIFT_CHANNELS)),
    check('bank_transfers_matched', sql`(${t.status} = 'matched') = (${t.matchedAt} is not null)`),
    index('bank_transfers_created_idx').on(t.createdAt),
    check('bank_transfers_bank', inList('bank', BANKS)),
    check('bank_transfers_code_format', sql`${t.code} is null or ${t.code} ~ '^BT-[0-9]{5}$'`),
    // Only tithes get a code.
    check('bank_transfers_code_tithe', sql`(${t.code} is null) = (${t.type} <> 'tithe')`),
    offeringTypeCheck('bank_transfers_type', 'type'),
    uniqueIndex('bank_transfers_open_code_idx')
      .on(t.code)
      .where(sql`not ${t.deleted} and ${t.code} is not null`),
    index('bank_transfers_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('bank_transfers_guest_created_idx')
      .on(t.guestId, t.createdAt.desc())
      .where(sql`${t.guestId} is not null`),
  ],
);

// ---------------------------------------------------------------- finance desk

// A finance officer acts for all assemblies or for the ones listed in
// finance_officer_assemblies. Admins hold every finance power without a row here.
export const financeOfficers = pgTable('finance_officers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  allAssemblies: boolean('all_assemblies').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const financeOfficerAssemblies = pgTable(
  'finance_officer_assemblies',
  {
    userId: text('user_id')
      .notNull()
      .references(() => financeOfficers.userId, { onDelete: 'cascade' }),
    assembly: text('assembly')
      .notNull()
      .references(() => assemblies.slug, { onUpdate: 'cascade', onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assembly] })],
);

// Which statement column holds what, remembered per bank.
export const bankStatementMappings = pgTable(
  'bank_statement_mappings',
  {
    bank: text('bank').primaryKey(),
    dateColumn: text('date_column').notNull(),
    descriptionColumn: text('description_column').notNull(),
    amountColumn: text('amount_column').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  () => [check('bank_statement_mappings_bank', inList('bank', BANKS))],
);

// One uploaded statement file; the same bytes are never imported twice.
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bank: text('bank').notNull(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull().unique(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    lineCount: integer('line_count').notNull(),
    importedCount: integer('imported_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('bank_statements_bank', inList('bank', BANKS)),
    index('bank_statements_created_idx').on(t.createdAt.desc()),
  ],
);

/** Why automatic matching left a statement line (features/finance/line-notes.ts words it). */
export type LineNote =
  | { kind: 'no_code' }
  | { kind: 'several_codes'; codes: string[] }
  /** No open entry has the code (in the assemblies of the officer who matched). */
  | { kind: 'not_found'; code: string }
  | { kind: 'not_found_in_scope'; code: string }
  | { kind: 'already_matched'; code: string }
  /** The entry's amount, in pesewas. */
  | { kind: 'amount_differs'; code: string; amount: number }
  | { kind: 'unmatched_by_hand' }
  /** A note written before 0019 that it could not read: shown as it was written. */
  | { kind: 'text'; text: string };

// A credit line of a statement. Its fingerprint (bank, date, description, amount and how
// many identical lines came before it in its file) keeps overlapping exports from
// importing a line twice; one line matches at most one bank entry and vice versa.
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    bank: text('bank').notNull(),
    lineNumber: integer('line_number').notNull(),
    bookedOn: date('booked_on').notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    fingerprint: text('fingerprint').notNull(),
    bankTransferId: uuid('bank_transfer_id').references(() => bankTransfers.id, {
      onDelete: 'set null',
    }),
    matchKind: text('match_kind'),
    matchedBy: text('matched_by').references(() => users.id, { onDelete: 'set null' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /**
     * Why automatic matching left it (no code, unknown code, amount differs…): what happened
     * and its codes, put into words in the reader's language when read (decision 044).
     */
    note: jsonb('note').$type<LineNote>(),
    createdAt: createdAt(),
  },
  (t) => [
    check('bank_statement_lines_amount_positive', sql`${t.amount} > 0`),
    check(
      'bank_statement_lines_match',
      sql`(${t.bankTransferId} is null) = (${t.matchKind} is null)`,
    ),
    check(
      'bank_statement_lines_match_kind',
      sql`${t.matchKind} is null or ${inList('match_kind', ['auto', 'manual'])}`,
    ),
    uniqueIndex('bank_statement_lines_fingerprint_idx').on(t.bank, t.fingerprint),
    uniqueIndex('bank_statement_lines_transfer_idx')
      .on(t.bankTransferId)
      .where(sql`${t.bankTransferId} is not null`),
    index('bank_statement_lines_statement_idx').on(t.statementId, t.lineNumber),
    index('bank_statement_lines_unmatched_idx')
      .on(t.bookedOn)
      .where(sql`${t.bankTransferId} is null`),
  ],
);

// One receipt per confirmed gift, ever: numbered per year without gaps.
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    entryKind: text('entry_kind').notNull(),
    entryId: uuid('entry_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the receipt is mailed (the member's email; a guest's card email); null: none. */
    email: text('email'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    /** Set by the instance sending the mail, so two instances do not both send it. */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Where the receipt goes by SMS (E.164; the member chose SMS, or a guest without email). */
    phone: text('phone'),
    smsSendingAt: timestamp('sms_sending_at', { withTimezone: true }),
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('receipts_entry_kind', inList('entry_kind', RECEIPT_ENTRY_KINDS)),
    check('receipts_number_positive', sql`${t.number} > 0`),
    uniqueIndex('receipts_year_number_idx').on(t.year, t.number),
    uniqueIndex('receipts_entry_idx').on(t.entryKind, t.entryId),
    index('receipts_user_idx').on(t.userId, t.year),
    index('receipts_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.email} is not null`),
    index('receipts_sms_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.smsSentAt} is null and ${t.phone} is not null`),
  ],
);

export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

// Every finance action: who, what, when and the state before. Rows are never updated or
// deleted (a trigger in migration 0002 refuses it), and name the actor by id and email as
// text so the trail outlives the account.
export const financeAudit = pgTable(
  'finance_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    assembly: text('assembly'),
    previous: jsonb('previous'),
    next: jsonb('next'),
    createdAt: createdAt(),
  },
  (t) => [
    check('finance_audit_action', inList('action', FINANCE_ACTIONS)),
    index('finance_audit_created_idx').on(t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------- support

export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    /** The app's form asks an email; a request by USSD has the caller's phone instead. */
    email: text('email'),
    phone: text('phone'),
    title: text('title').notNull(),
    issue: text('issue').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_requests_created_idx').on(t.createdAt.desc()),
    check('support_requests_contact', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

// ---------------------------------------------------------------- workers

export const workerApplications = pgTable(
  'worker_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    // Answers plus storage keys of uploaded files and the signature (never public URLs).
    formData: jsonb('form_data').notNull(),
    status: text('status').notNull().default('pending'),
    pastorType: text('pastor_type'),
    appointmentLetterUrl: text('appointment_letter_url'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => workerApplications.id, { onDelete: 'cascade' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('workers_gate_grants_user_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- pastor messages

export const pastorMessages = pgTable(
  'pastor_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Text, or for a file the storage key (served only through signed links).
    message: text('message').notNull(),
    isFile: boolean('is_file').notNull().default(false),
    fileName: text('file_name'),
    // The type judged from the file's bytes and its size (never what the browser claimed).
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    edited: boolean('edited').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    // When the receiver first saw it (the unread count is what has none).
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('pastor_messages_not_self', sql`${t.senderId} <> ${t.receiverId}`),
    check('pastor_messages_file_name', sql`(${t.fileName} is not null) = ${t.isFile}`),
    index('pastor_messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('pastor_messages_receiver_created_idx').on(t.receiverId, t.createdAt),
  ],
);

// "Delete chat" hides a conversation for one pastor on every device; the other keeps it.
export const pastorHiddenChats = pgTable(
  'pastor_hidden_chats',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    peerId: text('peer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hiddenBefore: timestamp('hidden_before', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.peerId] })],
);

// "Delete for me": the message stays for the other pastor.
export const pastorMessageHides = pgTable(
  'pastor_message_hides',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => pastorMessages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

// ---------------------------------------------------------------- dev mailbox

// Mails kept when no SMTP server is configured (see platform/mail).
export const devMails = pgTable(
  'dev_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mails_created_idx').on(t.createdAt.desc())],
);

// ---------------------------------------------------------------- USSD (issue 32)

/**
 * A USSD session's place in the menu, keyed by gateway and the gateway's session id: any
 * instance answers the next step, and a restart loses nothing. `inputs` counts the answers
 * taken, so a replayed or out-of-order request gets the screen it already got.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    state: jsonb('state').notNull(),
    inputs: integer('inputs').notNull().default(0),
    screen: text('screen').notNull(),
    ended: boolean('ended').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ussd_sessions_updated_idx').on(t.updatedAt)],
);

/** SMS kept instead of sent while no SMS gateway is configured (platform/sms). */
export const devSms = pgTable(
  'dev_sms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    encoding: text('encoding').notNull(),
    segments: integer('segments').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_sms_created_idx').on(t.createdAt.desc())],
);

// ---------------------------------------------------------------- pledges and campaigns (issue 33)
// Decision 035. Money is integer pesewas; dates are Ghana's days (UTC).

/** A giving campaign an admin defines: its type, one assembly or all (null), target, dates. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    assembly: text('assembly').references(() => assemblies.slug, { onUpdate: 'cascade' }),
    target: integer('target').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    offeringTypeCheck('campaigns_type', 'type'),
    check('campaigns_target_positive', sql`${t.target} > 0`),
    check('campaigns_dates', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** A member's pledge: an amount of a type (or toward a campaign, of its type) by a date. */
export const pledges = pgTable(
  'pledges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Where it is reported: the campaign's assembly, else the member's when they pledged. */
    assembly: text('assembly').references(() => assemblies.slug, { onUpdate: 'cascade' }),
    amount: integer('amount').notNull(),
    dueOn: date('due_on').notNull(),
    rhythm: text('rhythm').notNull().default('monthly'),
    createdAt: createdAt(),
  },
  (t) => [
    offeringTypeCheck('pledges_type', 'type'),
    check('pledges_amount_positive', sql`${t.amount} > 0`),
    check('pledges_rhythm', inList('rhythm', PLEDGE_RHYTHMS)),
    index('pledges_user_idx').on(t.userId, t.createdAt),
    index('pledges_campaign_idx')
      .on(t.campaignId)
      .where(sql`${t.campaignId} is not null`),
  ],
);

/**
 * A gift the member counted toward one of their pledges by hand. The key is the gift: a gift
 * counts toward at most one pledge. Gifts counted by their type have no row (decision 035).
 */
export const pledgeGifts = pgTable(
  'pledge_gifts',
  {
    giftKind: text('gift_kind').notNull(),
    giftId: uuid('gift_id').notNull(),
    pledgeId: uuid('pledge_id')
      .notNull()
      .references(() => pledges.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.giftKind, t.giftId] }),
    check('pledge_gifts_kind', inList('gift_kind', RECEIPT_ENTRY_KINDS)),
    index('pledge_gifts_pledge_idx').on(t.pledgeId),
  ],
);

/**
 * Each reminder of a pledge, one per period ('2026-W48', '2026-11'): written before it is
 * sent, so two runs never send the same one; deleted again when sending failed.
 */
export const pledgeReminders = pgTable(
  'pledge_reminders',
  {
    pledgeId: uuid('pledge_id')
      .notNull()
      .references(() => pledges.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pledgeId, t.period] })],
);

/**
 * A service or event members check in to (issue 34): open between `opens_at` and `closes_at`.
 * Its entrance QR is signed with `secret` and changes every period; `code` is the short
 * number for USSD and members without a camera (decision 039).
 */
export const checkinSessions = pgTable(
  'checkin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Null: the whole church. */
    assembly: text('assembly').references(() => assemblies.slug, { onUpdate: 'cascade' }),
    /** The event it is the check-in of, if any (decision 037's events). */
    eventId: uuid('event_id').references((): AnyPgColumn => events.id, { onDelete: 'set null' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    code: text('code').notNull(),
    secret: text('secret').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
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
    sessionId: uuid('session_id')
      .notNull()
      .references(() => checkinSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The usher who checked them in, when one did. */
    byUserId: text('by_user_id').references(() => users.id, { onDelete: 'set null' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => checkinSessions.id, { onDelete: 'cascade' }),
    childName: text('child_name').notNull(),
    guardianPhone: text('guardian_phone').notNull(),
    /** The guardian's account, when the phone is a member's (they see the code in the app). */
    guardianUserId: text('guardian_user_id').references(() => users.id, { onDelete: 'set null' }),
    pickupCode: text('pickup_code').notNull(),
    checkedInBy: text('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    checkedInAt: createdAt(),
    checkedOutBy: text('checked_out_by').references(() => users.id, { onDelete: 'set null' }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
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
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
// ---------------------------------------------------------------- the prayer wall (decision 036)

/**
 * A member's prayer request. `assembly` is the author's when they posted (their pastors
 * moderate it and, for 'assembly' and 'pastors', read it). Held ('pending') until a moderator
 * approves it, except a request for pastors only; a report holds it again.
 */
export const prayerRequests = pgTable(
  'prayer_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assembly: text('assembly').references(() => assemblies.slug, { onUpdate: 'cascade' }),
    text: text('text').notNull(),
    visibility: text('visibility').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    status: text('status').notNull().default('pending'),
    moderatedBy: text('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** Why a moderator rejected it, shown to its author (issue 48); null unless rejected. */
    rejectionReason: text('rejection_reason'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
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
    requestId: uuid('request_id')
      .notNull()
      .references(() => prayerRequests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    requestId: uuid('request_id')
      .notNull()
      .references(() => prayerRequests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissed: boolean('dismissed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);

// ---------------------------------------------------------------- events (decision 037)

/**
 * An event or service an admin (any assembly, or all) or an assembly's finance officer
 * (theirs) published. A later check-in can reference it by id, with its assembly and times.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull().default('event'),
    title: text('title').notNull(),
    /** null: for every assembly. */
    assembly: text('assembly').references(() => assemblies.slug, { onUpdate: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    place: text('place').notNull(),
    description: text('description').notNull().default(''),
    /** People who may come (replies 'going' and their guests); null: no limit. */
    capacity: integer('capacity'),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestName: text('guest_name'),
    guestPhone: text('guest_phone'),
    going: boolean('going').notNull(),
    guests: integer('guests').notNull().default(0),
    /** The member let others of their assembly see their name among those going. */
    showName: boolean('show_name').notNull().default(false),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
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

// ---------------------------------------------------------------- video library (decision 040)

/** A playlist of the church's video library, beyond the ten sermons; admins edit them. */
export const videoPlaylists = pgTable(
  'video_playlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('video_playlists_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('video_playlists_description_length', sql`char_length(${t.description}) <= 1000`),
    index('video_playlists_position_idx').on(t.position),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => videoPlaylists.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    videoId: text('video_id').notNull(),
    position: integer('position').notNull(),
    speaker: text('speaker'),
    /** The day it was preached or recorded, when the admin gives it. */
    recordedOn: date('recorded_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('videos_video_id_format', sql`${t.videoId} ~ '^[A-Za-z0-9_-]{11}$'`),
    check('videos_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('videos_speaker_length', sql`char_length(${t.speaker}) between 1 and 100`),
    index('videos_playlist_position_idx').on(t.playlistId, t.position),
  ],
);

// ---------------------------------------------------------------- notifications (decision 041)

/** A device's web-push subscription (one per browser endpoint), gone when its service says so. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser's own description, to tell a member's devices apart. */
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * One notice to one member for one event (`key` is unique: a second notify changes nothing).
 * Each channel's column is set before it is sent (cleared when the send fails), so no channel
 * sends twice; jobs `notifications.send` deliver what is due.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The screen a tap opens (a path of the app). */
    url: text('url').notNull(),
    emailSubject: text('email_subject'),
    emailText: text('email_text'),
    smsText: text('sms_text'),
    emailAt: timestamp('email_at', { withTimezone: true }),
    smsAt: timestamp('sms_at', { withTimezone: true }),
    pushAt: timestamp('push_at', { withTimezone: true }),
    /**
     * A channel being sent now (decision 041): set by the instance that took it, cleared when
     * it was sent or failed. A claim older than NOTIFICATION_CLAIM_MS is a dead instance's.
     */
    emailClaimedAt: timestamp('email_claimed_at', { withTimezone: true }),
    smsClaimedAt: timestamp('sms_claimed_at', { withTimezone: true }),
    pushClaimedAt: timestamp('push_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);
