import { AMOUNT_ERRORS, checkAmount } from './giving.ts';

// The finance desk's texts and checks without zod, for its screens (route budgets, decision
// 011): the server checks the same with the schemas of schemas/finance.ts, and
// src/shared/finance.test.ts keeps each check in step with its schema.

export const FINANCE_MESSAGES = {
  cashNotFound: 'No cash entry has this code in your assemblies.',
  cashDeleted: 'The member deleted this entry: it cannot be received.',
  cashAlreadyReceived: 'This code was already received.',
  received: 'Received. The member’s receipt is on its way.',
  flagged: 'Recorded, and flagged for follow-up: the amount differs from what the member entered.',
  mappingNeeded: 'Tell Flock which column holds what in this bank’s statements.',
  duplicateFile: 'This file was already uploaded: nothing was imported again.',
  noFinanceAccess: 'Only finance officers and admins may do this.',
  code: 'Enter the 6-digit code.',
  amountRequired: AMOUNT_ERRORS.required,
  receivedOn: 'Enter the date the cash was received.',
  receivedOnFuture: 'The date cannot be in the future.',
  receivedBy: 'Say who received the cash.',
  receivedByLength: 'Keep it under 80 characters.',
  column: (label: string) => `Choose the ${label} column.`,
  columnTwice: 'Choose a different column.',
  rangeFrom: 'Choose the first day.',
  rangeTo: 'Choose the last day.',
  rangeOrder: 'The last day is before the first.',
} as const;

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real YYYY-MM-DD day. */
export const isIsoDate = (value: string) =>
  ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The latest day the desk may write: tomorrow, for a phone whose clock or zone is off. */
export const latestReceivedOn = (now = Date.now()) =>
  new Date(now + 24 * 3600 * 1000).toISOString().slice(0, 10);

/** 2026, 12 → "2026-000012" */
export const receiptNumber = (year: number, number: number) =>
  `${year}-${String(number).padStart(6, '0')}`;

export interface CashReceiveValues {
  amount: string;
  receivedOn: string;
  receivedBy: string;
}

export type Check<K extends string> =
  { ok: true } | { ok: false; errors: Partial<Record<K, string>> };

/** What the cash desk records (the server's `cashReceiveSchema`, without zod). */
export function checkCashReceive(
  values: CashReceiveValues,
  maxPesewas: number,
): Check<keyof CashReceiveValues> {
  const errors: Partial<Record<keyof CashReceiveValues, string>> = {};
  const amount = checkAmount(values.amount, maxPesewas);
  if (typeof amount === 'string') errors.amount = amount;
  if (!isIsoDate(values.receivedOn)) errors.receivedOn = FINANCE_MESSAGES.receivedOn;
  else if (values.receivedOn > latestReceivedOn())
    errors.receivedOn = FINANCE_MESSAGES.receivedOnFuture;
  const by = values.receivedBy.trim();
  if (by === '') errors.receivedBy = FINANCE_MESSAGES.receivedBy;
  else if (by.length > 80) errors.receivedBy = FINANCE_MESSAGES.receivedByLength;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}

export interface MappingValues {
  dateColumn: string;
  descriptionColumn: string;
  amountColumn: string;
}

const columnLabels: Record<keyof MappingValues, string> = {
  dateColumn: 'date',
  descriptionColumn: 'description',
  amountColumn: 'amount (credit)',
};

/** A bank's columns (the server's `bankMappingSchema`, without zod). */
export function checkMapping(values: MappingValues): Check<keyof MappingValues> {
  const errors: Partial<Record<keyof MappingValues, string>> = {};
  const seen = new Set<string>();
  for (const key of ['dateColumn', 'descriptionColumn', 'amountColumn'] as const) {
    const value = values[key].trim();
    if (value === '') errors[key] = FINANCE_MESSAGES.column(columnLabels[key]);
    else if (seen.has(value)) errors[key] = FINANCE_MESSAGES.columnTwice;
    seen.add(value);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}

/** A report's range (the server's `reportQuerySchema`, without zod). */
export function checkRange(values: { from: string; to: string }): Check<'from' | 'to'> {
  const errors: Partial<Record<'from' | 'to', string>> = {};
  if (!isIsoDate(values.from)) errors.from = FINANCE_MESSAGES.rangeFrom;
  if (!isIsoDate(values.to)) errors.to = FINANCE_MESSAGES.rangeTo;
  else if (!errors.from && values.from > values.to) errors.to = FINANCE_MESSAGES.rangeOrder;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}
