import { z } from 'zod';
import {
  BANKS,
  FINANCE_ACTIONS,
  type CashState,
  type FinanceAction,
  type GiftChannel,
} from '../constants.ts';
import { emailSchema } from './accounts.ts';
import { m } from '../../paraglide/messages.js';
import { columnLabels, isIsoDate, latestReceivedOn } from '../finance.ts';
import { amountSchema } from './giving.ts';

export * from '../finance.ts';

// The finance desk (issue 12): roles, the cash desk, bank matching, reports and the audit
// trail. The same schemas check the forms in the browser and the requests on the server.

const isoDate = (message: () => string) =>
  z.string({ error: message }).refine(isIsoDate, { error: message });

// ---------------------------------------------------------------- roles

export const officerGrantSchema = z
  .object({
    email: emailSchema,
    allAssemblies: z.boolean({ error: () => m.shared_finance_all_or_some() }),
    assemblies: z.array(z.string().trim().min(1).max(60)).max(100).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.allAssemblies && value.assemblies.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['assemblies'],
        message: m.shared_finance_at_least_one_assembly(),
      });
    }
  });
export type OfficerGrantInput = z.input<typeof officerGrantSchema>;
export type OfficerGrant = z.output<typeof officerGrantSchema>;

/** Who may do what on the finance desk: every assembly, or the ones listed. */
export type FinanceScope = { all: true } | { all: false; assemblies: string[] };

export interface FinanceAccess {
  isAdmin: boolean;
  scope: FinanceScope;
  /** The assemblies in scope, with their labels (every assembly for `all`). */
  assemblies: { slug: string; label: string }[];
}

export interface FinanceOfficer {
  userId: string;
  email: string;
  fullName: string;
  allAssemblies: boolean;
  assemblies: string[];
  since: string;
}

// ---------------------------------------------------------------- cash desk

export const cashCodeSchema = z
  .object({
    code: z
      .string({ error: () => m.shared_finance_code() })
      .trim()
      .regex(/^\d{6}$/, { error: () => m.shared_finance_code() }),
  })
  .strict();

/** What the desk records: the amount counted, the day, and who took the cash. */
export function cashReceiveSchema(maxPesewas: number) {
  return z
    .object({
      amount: amountSchema(maxPesewas),
      receivedOn: isoDate(() => m.shared_finance_received_on()).refine(
        (value) => value <= latestReceivedOn(),
        { error: () => m.shared_finance_received_on_future() },
      ),
      receivedBy: z
        .string({ error: () => m.shared_finance_received_by() })
        .trim()
        .min(1, { error: () => m.shared_finance_received_by() })
        .max(80, { error: () => m.shared_finance_received_by_length() }),
    })
    .strict();
}
export type CashReceiveInput = z.input<ReturnType<typeof cashReceiveSchema>>;
export type CashReceive = z.output<ReturnType<typeof cashReceiveSchema>>;

export interface CashDeskEntry {
  id: string;
  code: string;
  memberName: string;
  assembly: { slug: string; label: string };
  type: string;
  /** pesewas, as the member entered it */
  amount: number;
  createdAt: string;
  state: CashState | 'deleted';
  deletedAt: string | null;
  received: {
    /** pesewas, as the desk counted it */
    amount: number;
    on: string;
    by: string;
    recordedBy: string | null;
    recordedAt: string;
  } | null;
}

// ---------------------------------------------------------------- bank matching

const columnName = (key: keyof typeof columnLabels) =>
  z
    .string({ error: () => m.shared_finance_column({ label: columnLabels[key] }) })
    .trim()
    .min(1, { error: () => m.shared_finance_column({ label: columnLabels[key] }) })
    .max(120);

export const bankSchema = z.enum(BANKS, { error: () => m.shared_finance_choose_bank() });

export const bankMappingSchema = z
  .object({
    dateColumn: columnName('dateColumn'),
    descriptionColumn: columnName('descriptionColumn'),
    amountColumn: columnName('amountColumn'),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Map<string, string>();
    for (const key of ['dateColumn', 'descriptionColumn', 'amountColumn'] as const) {
      if (seen.has(value[key])) {
        ctx.addIssue({ code: 'custom', path: [key], message: m.shared_finance_column_twice() });
      }
      seen.set(value[key], key);
    }
  });
export type BankMapping = z.output<typeof bankMappingSchema>;

export const manualMatchSchema = z
  .object({ entryId: z.uuid({ error: () => m.shared_finance_choose_entry() }) })
  .strict();

export interface StatementUploadResult {
  statementId: string;
  bank: string;
  /** Data lines read from the file. */
  lines: number;
  /** Credit lines stored (new). */
  imported: number;
  /** Lines an earlier upload already brought in. */
  alreadyImported: number;
  /** Debits and empty amounts: not money coming in. */
  skipped: number;
  /** Lines that could not be read, with why. */
  errors: { line: number; message: string }[];
  /** Matched automatically by their BT- code and amount. */
  matched: number;
}

export interface StatementLineView {
  id: string;
  bank: string;
  lineNumber: number;
  bookedOn: string;
  description: string;
  amount: number;
  note: string | null;
  match: {
    kind: 'auto' | 'manual';
    at: string;
    entry: {
      id: string;
      code: string | null;
      memberName: string;
      assembly: string;
      type: string;
    } | null;
  } | null;
}

export interface BankEntryCandidate {
  id: string;
  code: string | null;
  memberName: string;
  assembly: string;
  type: string;
  amount: number;
  createdAt: string;
  bank: string;
}

// ---------------------------------------------------------------- reports

export const reportQuerySchema = z
  .object({
    from: isoDate(() => m.shared_finance_range_from()),
    to: isoDate(() => m.shared_finance_range_to()),
    assembly: z.string().trim().min(1).max(60).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.shared_finance_range_order() });
    }
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** A gift counts as confirmed, pending, or not at all (failed, abandoned, deleted). */
export type ReportBucket = 'confirmed' | 'pending';

export interface ReportGroup {
  /** YYYY-MM */
  month: string;
  assembly: string;
  type: string;
  method: 'momo' | 'card' | 'bank' | 'cash';
  /** Made in the app or by USSD (issue 32). */
  channel: GiftChannel;
  confirmedAmount: number;
  confirmedCount: number;
  pendingAmount: number;
  pendingCount: number;
}

export interface ReportTotals {
  confirmedAmount: number;
  confirmedCount: number;
  pendingAmount: number;
  pendingCount: number;
}

export interface FinanceReport {
  from: string;
  to: string;
  assemblies: { slug: string; label: string }[];
  groups: ReportGroup[];
  totals: ReportTotals;
}

// ---------------------------------------------------------------- audit

export interface AuditEntry {
  id: string;
  at: string;
  actorEmail: string;
  action: FinanceAction;
  subjectKind: string;
  subjectId: string;
  assembly: string | null;
  previous: unknown;
  next: unknown;
}

export const auditQuerySchema = z
  .object({
    before: z.iso.datetime({ offset: true }).optional(),
    action: z.enum(FINANCE_ACTIONS).optional(),
  })
  .strict();

// ---------------------------------------------------------------- member side

export interface ReceiptRef {
  id: string;
  number: string;
}
