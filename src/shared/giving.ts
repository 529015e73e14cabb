import { m } from '../paraglide/messages.js';
import {
  CASH_DELETE_REASONS,
  type CashDeleteReason,
  type GiftChannel,
  type MomoProvider,
  type OFFERING_TYPES,
  type PAYMENT_METHODS,
} from './constants.ts';
import { formatCedis } from './format.ts';

// Giving texts, labels and amounts both sides use, without zod or the phone library: the
// history and card-return screens only show gifts (decision 011). schemas/giving.ts
// re-exports all of this.

export const OFFERING_TYPE_LABELS: Record<(typeof OFFERING_TYPES)[number], string> = {
  get tithe() {
    return m.shared_giving_type_tithe();
  },
  get offering() {
    return m.shared_giving_type_offering();
  },
  get seed() {
    return m.shared_giving_type_seed();
  },
  get pledge() {
    return m.shared_giving_type_pledge();
  },
  get missions() {
    return m.shared_giving_type_missions();
  },
  get building_project() {
    return m.shared_giving_type_building_project();
  },
  get welfare() {
    return m.shared_giving_type_welfare();
  },
  get other() {
    return m.shared_giving_type_other();
  },
};

export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  get momo() {
    return m.shared_giving_method_momo();
  },
  get card() {
    return m.shared_giving_method_card();
  },
  get bank() {
    return m.shared_giving_method_bank();
  },
  get cash() {
    return m.shared_giving_method_cash();
  },
};

// 'App' and 'USSD' read the same in Twi (names of the channels, in reports).
export const GIFT_CHANNEL_LABELS: Record<GiftChannel, string> = { app: 'App', ussd: 'USSD' };

/** The years the history can be filtered by (UTC, Ghana's time): four digits, in this range. */
export const HISTORY_YEAR_RANGE = { min: 2000, max: 2100 } as const;

/** `?year=` of the history screen and of GET /api/history as a year, or null when it is not one. */
export function historyYear(text: string | null | undefined): number | null {
  if (!text || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= HISTORY_YEAR_RANGE.min && year <= HISTORY_YEAR_RANGE.max ? year : null;
}

/** Dial these to approve a pending mobile-money payment (spec §2). */
export const MOMO_SHORTCODES: Record<MomoProvider, string> = {
  MTN: '*170#',
  Telecel: '*110#',
  AT: '*110#',
};

/** "50", "50.5", "1,250.00" → pesewas as an integer, or null. Exact: no floating point. */
export function toPesewas(input: string): number | null {
  const value = input.trim().replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Why a typed amount is refused: each mistake its own words (issue 30). */
export const AMOUNT_ERRORS = {
  tooLarge: (maxPesewas: number) =>
    m.shared_giving_amount_too_large({ amount: formatCedis(maxPesewas) }),
};

/**
 * A typed amount in GHS → pesewas, or the reason it is refused. The one check of an amount:
 * the offering form, the finance desk and their zod schemas all use it. Exact (no floating
 * point); a sign, an exponent or a second dot is not a number a member types.
 */
export function checkAmount(text: string, maxPesewas: number): number | string {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return m.shared_giving_amount_required();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || (match[2] === '' && !match[3])) return m.shared_giving_amount_not_a_number();
  const [, minus, whole = '', decimals = ''] = match;
  const digits = whole.replace(/^0+/, '');
  const isZero = digits === '' && /^0*$/.test(decimals);
  if (minus || isZero) return m.shared_giving_amount_not_positive();
  if (decimals.length > 2) return m.shared_giving_amount_too_many_decimals();
  // More digits than any maximum has: too large, before the number loses its exactness.
  if (digits.length > 13) return AMOUNT_ERRORS.tooLarge(maxPesewas);
  const pesewas = Number(digits || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (pesewas > maxPesewas) return AMOUNT_ERRORS.tooLarge(maxPesewas);
  return pesewas;
}

/** The cash-delete form's one mistake: no reason chosen (or one not in the list). */
export const cashDeleteReasonRequired = () => m.shared_giving_cash_delete_reason_required();

/**
 * A cash-delete reason as the reader says it. The stored value (cash_offerings.deleted_reason,
 * what the form sends) stays the English one of CASH_DELETE_REASONS (decision 044).
 */
export const cashDeleteReasonLabel = (reason: CashDeleteReason): string =>
  ({
    'Mistaken amount or details': m.shared_giving_cash_delete_reason_mistaken,
    'Other reason': m.shared_giving_cash_delete_reason_other,
  })[reason]();

export type CashDeleteCheck =
  { ok: true; values: { reason: CashDeleteReason } } | { ok: false; errors: { reason: string } };

/**
 * What `cashDeleteSchema` decides for the form's one field, without zod: the history's
 * cash-delete form should not load the schema library (decision 011); giving.test.ts keeps
 * the two in step.
 */
export function checkCashDelete(input: { reason?: unknown }): CashDeleteCheck {
  const reason = CASH_DELETE_REASONS.find((r) => r === input.reason);
  return reason
    ? { ok: true, values: { reason } }
    : { ok: false, errors: { reason: cashDeleteReasonRequired() } };
}
