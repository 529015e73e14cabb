import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BANKS, FINANCE_ACTIONS, RECEIPT_ENTRY_KINDS } from '../../../shared/constants.ts';
import { createdAt, inList, parentId, timestamptz, updatedAt, uuidKey } from './columns.ts';
import { member, optionalMember } from './references.ts';
import { assemblies } from './accounts.ts';
import { bankTransfers } from './giving.ts';

// The finance desk: officers, bank statements and their matching, receipts, the audit trail.

// A finance officer acts for all assemblies or for the ones listed in
// finance_officer_assemblies. Admins hold every finance power without a row here.
export const financeOfficers = pgTable('finance_officers', {
  userId: member().primaryKey(),
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
    updatedBy: optionalMember('updated_by'),
    updatedAt: updatedAt(),
  },
  () => [check('bank_statement_mappings_bank', inList('bank', BANKS))],
);

// One uploaded statement file; the same bytes are never imported twice.
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuidKey(),
    bank: text('bank').notNull(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull().unique(),
    uploadedBy: optionalMember('uploaded_by'),
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
    id: uuidKey(),
    statementId: parentId('statement_id', () => bankStatements.id),
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
    matchedBy: optionalMember('matched_by'),
    matchedAt: timestamptz('matched_at'),
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
    id: uuidKey(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    entryKind: text('entry_kind').notNull(),
    entryId: uuid('entry_id').notNull(),
    userId: optionalMember(),
    /** Where the receipt is mailed (the member's email; a guest's card email); null: none. */
    email: text('email'),
    confirmedAt: timestamptz('confirmed_at').notNull(),
    /** Set by the instance sending the mail, so two instances do not both send it. */
    sendingAt: timestamptz('sending_at'),
    sentAt: timestamptz('sent_at'),
    /** Where the receipt goes by SMS (E.164; the member chose SMS, or a guest without email). */
    phone: text('phone'),
    smsSendingAt: timestamptz('sms_sending_at'),
    smsSentAt: timestamptz('sms_sent_at'),
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
    id: uuidKey(),
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
