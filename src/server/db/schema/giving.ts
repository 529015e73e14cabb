import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BANK_STATES,
  BANKS,
  CASH_DELETE_REASONS,
  CASH_STATES,
  GIFT_CHANNELS,
  TRANSACTION_STATUSES,
} from '../../../shared/constants.ts';
import {
  FREQUENCIES,
  MOMO_DUE_ACTIONS,
  SCHEDULE_METHODS,
  SCHEDULE_STATUSES,
} from '../../../shared/schemas/recurring.ts';
import {
  createdAt,
  inList,
  offeringTypeCheck,
  parentId,
  timestamptz,
  updatedAt,
  uuidKey,
} from './columns.ts';
import { assemblyRef, member, optionalMember } from './references.ts';

// Gifts (card and mobile money, cash, bank transfers) and standing gifts (decision 034).

// What every gift has, whichever way it came: card and mobile money (transactions), cash
// and bank transfers.

/** A member's gift, or a guest's by the giving device's guest id (issue 30) until attached. */
const giver = () => ({
  userId: optionalMember(),
  guestId: text('guest_id'),
});

const giverName = () => ({
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  assembly: assemblyRef().notNull(),
});

const offering = () => ({
  type: text('type').notNull(),
  otherType: text('other_type'),
  amount: integer('amount').notNull(), // pesewas
});

/** Where the gift was made: 'app' or 'ussd' (issue 32). */
const channel = () => text('channel').notNull().default('app');

const caller = () => ({
  /** A USSD caller's number (E.164): the guest's code and receipt go there by SMS. */
  phone: text('phone'),
  channel: channel(),
});

/** A positive amount of a known type, its channel, and the member's and guest's history. */
function giftRules(
  table: string,
  t: Record<'amount' | 'userId' | 'guestId' | 'createdAt', ExtraConfigColumn>,
) {
  return [
    check(`${table}_amount_positive`, sql`${t.amount} > 0`),
    offeringTypeCheck(`${table}_type`, 'type'),
    check(`${table}_channel`, inList('channel', GIFT_CHANNELS)),
    index(`${table}_user_created_idx`).on(t.userId, t.createdAt.desc()),
    index(`${table}_guest_created_idx`)
      .on(t.guestId, t.createdAt.desc())
      .where(sql`${t.guestId} is not null`),
  ];
}

// Card and mobile-money gifts. A row is written before the provider is called.
export const transactions = pgTable(
  'transactions',
  {
    id: uuidKey(),
    ...giver(),
    reference: text('reference').notNull().unique(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    ...offering(),
    currency: text('currency').notNull().default('GHS'),
    status: text('status').notNull().default('pending'),
    ...giverName(),
    email: text('email'),
    phone: text('phone'),
    network: text('network'),
    channel: channel(),
    /** A recurring gift's period (issue 33): its card renewal or its mobile-money prompt. */
    scheduleId: uuid('schedule_id').references(() => givingSchedules.id, { onDelete: 'set null' }),
    providerResponse: jsonb('provider_response'),
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...giftRules('transactions', t),
    check('transactions_currency', sql`${t.currency} = 'GHS'`),
    check('transactions_method', inList('method', ['card', 'momo'])),
    check('transactions_provider', inList('provider', ['paystack', 'moolre', 'sandbox'])),
    check('transactions_status', inList('status', TRANSACTION_STATUSES)),
    check(
      'transactions_network',
      sql`${t.network} is null or ${inList('network', ['MTN', 'Telecel', 'AT'])}`,
    ),
    index('transactions_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('transactions_created_idx').on(t.createdAt),
    index('transactions_schedule_idx')
      .on(t.scheduleId)
      .where(sql`${t.scheduleId} is not null`),
  ],
);

export const cashOfferings = pgTable(
  'cash_offerings',
  {
    id: uuidKey(),
    ...giver(),
    ...giverName(),
    ...offering(),
    code: text('code').notNull(),
    ...caller(),
    deleted: boolean('deleted').notNull().default(false),
    deletedReason: text('deleted_reason'),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    // The finance desk's record, beside (never over) what the member entered above.
    status: text('status').notNull().default('pending'),
    receivedAmount: integer('received_amount'),
    receivedOn: date('received_on'),
    receivedBy: text('received_by'),
    recordedBy: optionalMember('recorded_by'),
    recordedAt: timestamptz('recorded_at'),
  },
  (t) => [
    ...giftRules('cash_offerings', t),
    check('cash_offerings_status', inList('status', CASH_STATES)),
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
    // Cash is only allowed for tithe (spec §5).
    check('cash_offerings_tithe_only', sql`${t.type} = 'tithe'`),
    uniqueIndex('cash_offerings_open_code_idx')
      .on(t.code)
      .where(sql`not ${t.deleted}`),
  ],
);

export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: uuidKey(),
    ...giver(),
    ...giverName(),
    ...offering(),
    bank: text('bank').notNull(),
    code: text('code'),
    ...caller(),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    // Matched to a bank statement line by the finance desk (bank_statement_lines).
    status: text('status').notNull().default('pending'),
    matchedAt: timestamptz('matched_at'),
  },
  (t) => [
    ...giftRules('bank_transfers', t),
    check('bank_transfers_status', inList('status', BANK_STATES)),
    check('bank_transfers_matched', sql`(${t.status} = 'matched') = (${t.matchedAt} is not null)`),
    index('bank_transfers_created_idx').on(t.createdAt),
    check('bank_transfers_bank', inList('bank', BANKS)),
    check('bank_transfers_code_format', sql`${t.code} is null or ${t.code} ~ '^BT-[0-9]{5}$'`),
    // Only tithes get a code.
    check('bank_transfers_code_tithe', sql`(${t.code} is null) = (${t.type} <> 'tithe')`),
    uniqueIndex('bank_transfers_open_code_idx')
      .on(t.code)
      .where(sql`not ${t.deleted} and ${t.code} is not null`),
  ],
);

/** Paystack events already handled, by a hash of their body: a retried event changes nothing. */
export const paystackEvents = pgTable('paystack_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- recurring gifts (issue 33)

/**
 * A member's standing gift (decision 034). Card: Paystack's plan and subscription take the
 * money, their webhooks tell us; mobile money: on each due day the job schedule prompts or
 * reminds the member, never debits. `next_due_on` is the one day the schedule waits for.
 */
export const givingSchedules = pgTable(
  'giving_schedules',
  {
    id: uuidKey(),
    userId: member(),
    type: text('type').notNull(),
    otherType: text('other_type'),
    ...giverName(),
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
    cardFailedAt: timestamptz('card_failed_at'),
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
    scheduleId: parentId('schedule_id', () => givingSchedules.id),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** prompted | reminded | missed | charged (a card charge Paystack made) */
    outcome: text('outcome').notNull(),
    /** The period's gift, when one was made. */
    reference: text('reference'),
    /** When the member was reminded; set before sending: never twice. */
    notifiedAt: timestamptz('notified_at'),
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
