import { m } from '../paraglide/messages.js';
import { checkAmount } from './giving.ts';

// The finance desk's checks without zod, for its screens (route budgets, decision 011): the
// server checks the same with the schemas of schemas/finance.ts, and
// src/shared/finance.test.ts keeps each check in step with its schema.

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
  if (!isIsoDate(values.receivedOn)) errors.receivedOn = m.shared_finance_received_on();
  else if (values.receivedOn > latestReceivedOn())
    errors.receivedOn = m.shared_finance_received_on_future();
  const by = values.receivedBy.trim();
  if (by === '') errors.receivedBy = m.shared_finance_received_by();
  else if (by.length > 80) errors.receivedBy = m.shared_finance_received_by_length();
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}

export interface MappingValues {
  dateColumn: string;
  descriptionColumn: string;
  amountColumn: string;
}

/** A column's name in 'Choose the … column.' */
export const columnLabels: Record<keyof MappingValues, string> = {
  get dateColumn() {
    return m.shared_finance_column_date();
  },
  get descriptionColumn() {
    return m.shared_finance_column_description();
  },
  get amountColumn() {
    return m.shared_finance_column_amount();
  },
};

/** A bank's columns (the server's `bankMappingSchema`, without zod). */
export function checkMapping(values: MappingValues): Check<keyof MappingValues> {
  const errors: Partial<Record<keyof MappingValues, string>> = {};
  const seen = new Set<string>();
  for (const key of ['dateColumn', 'descriptionColumn', 'amountColumn'] as const) {
    const value = values[key].trim();
    if (value === '') errors[key] = m.shared_finance_column({ label: columnLabels[key] });
    else if (seen.has(value)) errors[key] = m.shared_finance_column_twice();
    seen.add(value);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}

/** A report's range (the server's `reportQuerySchema`, without zod). */
export function checkRange(values: { from: string; to: string }): Check<'from' | 'to'> {
  const errors: Partial<Record<'from' | 'to', string>> = {};
  if (!isIsoDate(values.from)) errors.from = m.shared_finance_range_from();
  if (!isIsoDate(values.to)) errors.to = m.shared_finance_range_to();
  else if (!errors.from && values.from > values.to) errors.to = m.shared_finance_range_order();
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true };
}
