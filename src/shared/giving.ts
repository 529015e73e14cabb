import {
  CASH_DELETE_REASONS,
  type CashDeleteReason,
  type GiftChannel,
  type MomoProvider,
  type OFFERING_TYPES,
  type PAYMENT_METHODS,
} from './constants.ts';
import { FORMAT_LOCALE } from './format.ts';

// Giving texts, labels and amounts both sides use, without zod or the phone library: the
// history and card-return screens only show gifts (decision 011). schemas/giving.ts
// re-exports all of this.

export const GIVING_MESSAGES = {
  cashFailed: 'Something went wrong saving your cash offering.',
  cardNoUrl: 'Unable to initiate card payment.',
  cardFailed: 'Failed to initiate Visa card payment.',
  bankFailed: 'Something went wrong saving your bank transfer.',
  momoFailed: 'Something went wrong while initiating the payment.',
  processingOffering: 'Processing your offering...',
  processingPayment: 'Processing Payment...',
  cashDeleted: 'Cash payment successfully deleted!',
  cashDeleteFailed: 'Failed to delete cash payment. Please try again.',
  noRecords: 'You have no payment records yet.',
} as const;

export const OFFERING_TYPE_LABELS: Record<(typeof OFFERING_TYPES)[number], string> = {
  tithe: 'Tithe',
  offering: 'Offering',
  seed: 'Seed',
  pledge: 'Pledge',
  missions: 'Missions',
  building_project: 'Building Project',
  welfare: 'Welfare',
  other: 'Other',
};

export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  momo: 'Mobile Money',
  card: 'Card',
  bank: 'Bank Transfer',
  cash: 'Cash',
};

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
  required: 'Amount is required.',
  notANumber: 'Enter the amount as a number, e.g. 50 or 12.50.',
  notPositive: 'The amount must be more than 0.',
  tooManyDecimals: 'Use at most 2 decimals (pesewas), e.g. 10.55.',
  tooLarge: (maxPesewas: number) =>
    `The most you can give at once is GHS ${formatCedis(maxPesewas)}.`,
} as const;

/**
 * A typed amount in GHS → pesewas, or the reason it is refused. The one check of an amount:
 * the offering form, the finance desk and their zod schemas all use it. Exact (no floating
 * point); a sign, an exponent or a second dot is not a number a member types.
 */
export function checkAmount(text: string, maxPesewas: number): number | string {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return AMOUNT_ERRORS.required;
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || (match[2] === '' && !match[3])) return AMOUNT_ERRORS.notANumber;
  const [, minus, whole = '', decimals = ''] = match;
  const digits = whole.replace(/^0+/, '');
  const isZero = digits === '' && /^0*$/.test(decimals);
  if (minus || isZero) return AMOUNT_ERRORS.notPositive;
  if (decimals.length > 2) return AMOUNT_ERRORS.tooManyDecimals;
  // More digits than any maximum has: too large, before the number loses its exactness.
  if (digits.length > 13) return AMOUNT_ERRORS.tooLarge(maxPesewas);
  const pesewas = Number(digits || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (pesewas > maxPesewas) return AMOUNT_ERRORS.tooLarge(maxPesewas);
  return pesewas;
}

/** 5000 → "50.00" */
export const formatCedis = (pesewas: number) =>
  `${Math.floor(pesewas / 100).toLocaleString(FORMAT_LOCALE)}.${String(pesewas % 100).padStart(2, '0')}`;

/** The cash-delete form's one mistake: no reason chosen (or one not in the list). */
export const CASH_DELETE_REASON_REQUIRED = 'Please choose a reason.';

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
    : { ok: false, errors: { reason: CASH_DELETE_REASON_REQUIRED } };
}
