import { z } from 'zod';
import {
  BANKS,
  CASH_DELETE_REASONS,
  MOMO_PROVIDERS,
  OFFERING_TYPES,
  type OfferingType,
} from '../constants.ts';
import { cashDeleteReasonRequired, checkAmount } from '../giving.ts';
import { toMomoPhone } from '../momo-phone.ts';
import { nameErrors, NAME_MAX } from '../offering.ts';
import { emailSchema } from './accounts.ts';
import { m } from '../../paraglide/messages.js';

// Giving (spec §2 Offerings, §3 form fields, §5 rules, §8 messages). The same schema
// validates the form in the browser and the request on the server. Texts, labels and amount
// helpers live in ../giving.ts (no zod, for the screens that only show gifts) and are
// re-exported from here.
export * from '../giving.ts';
export * from '../offering.ts';

/** Ghana mobile number for mobile money, as E.164 (+233…). */
export const momoPhoneSchema = z
  .string({ error: () => m.shared_phone_required() })
  .trim()
  .min(1, { error: () => m.shared_phone_required() })
  .transform((value, ctx) => {
    const phone = toMomoPhone(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: m.shared_offering_phone_invalid() });
    return z.NEVER;
  });

const name = (field: 'firstName' | 'lastName') =>
  z
    .string({ error: () => nameErrors(field).required })
    .trim()
    .min(1, { error: () => nameErrors(field).required })
    .max(NAME_MAX, { error: () => nameErrors(field).tooLong });

export function amountSchema(maxPesewas: number) {
  return z
    .union([z.string(), z.number()], { error: () => m.shared_giving_amount_required() })
    .transform((value, ctx) => {
      const pesewas = checkAmount(typeof value === 'number' ? String(value) : value, maxPesewas);
      if (typeof pesewas === 'number') return pesewas;
      ctx.addIssue({ code: 'custom', message: pesewas });
      return z.NEVER;
    });
}

/** Who gives what, for which assembly: the fields asked before the payment method. */
export const detailsFields = {
  type: z.enum(OFFERING_TYPES, { error: () => m.shared_offering_type() }),
  otherType: z
    .string()
    .trim()
    .max(60, { error: () => m.shared_offering_other_type_too_long() })
    .optional(),
  firstName: name('firstName'),
  lastName: name('lastName'),
  assembly: z
    .string({ error: () => m.shared_accounts_assembly_required() })
    .trim()
    .min(1, { error: () => m.shared_accounts_assembly_required() })
    .max(60),
};

export function requireOtherType(
  value: { type: string; otherType?: string },
  ctx: z.RefinementCtx,
) {
  if (value.type === 'other' && !value.otherType) {
    ctx.addIssue({
      code: 'custom',
      path: ['otherType'],
      message: m.shared_offering_other_type_missing(),
    });
  }
}

/**
 * The details alone. The form checks them while no payment method is picked yet, because the
 * full schema's union stops at the missing method and would report nothing else.
 */
export const offeringDetailsSchema = z.object(detailsFields).superRefine(requireOtherType);

/** The offering form; `maxPesewas` is the configured largest single gift. */
export function offeringSchema(maxPesewas: number) {
  const base = { ...detailsFields, amount: amountSchema(maxPesewas) };
  return z
    .discriminatedUnion(
      'paymentMethod',
      [
        z
          .object({
            ...base,
            paymentMethod: z.literal('momo'),
            phone: momoPhoneSchema,
            provider: z.enum(MOMO_PROVIDERS, { error: () => m.shared_offering_provider() }),
          })
          .strict(),
        z.object({ ...base, paymentMethod: z.literal('card'), email: emailSchema }).strict(),
        z
          .object({
            ...base,
            paymentMethod: z.literal('bank'),
            bank: z.enum(BANKS, { error: () => m.shared_offering_bank() }),
          })
          .strict(),
        z.object({ ...base, paymentMethod: z.literal('cash') }).strict(),
      ],
      { error: () => m.shared_offering_method() },
    )
    .superRefine((value, ctx) => {
      requireOtherType(value, ctx);
      if (value.paymentMethod === 'cash' && value.type !== 'tithe') {
        ctx.addIssue({
          code: 'custom',
          path: ['paymentMethod'],
          message: m.shared_offering_cash_tithe_only(),
        });
      }
    })
    .transform((value) => ({
      ...value,
      otherType: value.type === 'other' ? value.otherType! : null,
    }));
}

export type OfferingInput = z.input<ReturnType<typeof offeringSchema>>;
export type Offering = z.output<ReturnType<typeof offeringSchema>>;

export const momoOtpSchema = z
  .object({
    otp: z
      .string({ error: () => m.shared_offering_otp_required() })
      .trim()
      .regex(/^\d{4,8}$/, { error: () => m.shared_offering_otp_format() }),
  })
  .strict();

export const cashDeleteSchema = z
  .object({ reason: z.enum(CASH_DELETE_REASONS, { error: cashDeleteReasonRequired }) })
  .strict();

export type GiftStatus = 'pending' | 'success' | 'failed' | 'abandoned';

/** What the server answers when a gift is saved or started. */
export type GiftResult =
  | { method: 'cash'; code: string }
  | { method: 'bank'; code: string | null }
  | { method: 'card'; reference: string; authorizationUrl: string }
  | { method: 'momo'; reference: string; status: 'pending' | 'otp_required' };

/** GET /api/giving/gifts/:reference: a card or mobile-money gift as the server last verified it. */
export interface GiftStatusView {
  reference: string;
  method: 'card' | 'momo';
  /** pesewas */
  amount: number;
  status: GiftStatus;
}

export interface HistoryEntry {
  id: string;
  kind: 'transaction' | 'cash' | 'bank';
  type: string;
  method: 'momo' | 'card' | 'bank' | 'cash';
  /** pesewas */
  amount: number;
  /**
   * The entry's state as it stands (issue 12): card and mobile money as the provider left
   * it (pending, success, failed, abandoned); cash pending, received or flagged (the desk
   * counted another amount); bank pending or matched (found on the bank statement).
   */
  status: string;
  code: string | null;
  createdAt: string;
  /** Only a cash entry the desk has not received yet. */
  deletable: boolean;
  /** The receipt of a confirmed gift. */
  receipt: { id: string; number: string } | null;
  /** pesewas the desk counted, for a flagged cash entry. */
  receivedAmount: number | null;
}

/** One gift type's part of a year's giving, in pesewas. */
export interface TypeTotal {
  /** As stored: "other" gifts are one group, whatever the giver wrote. */
  type: OfferingType;
  confirmed: number;
  waiting: number;
}

/**
 * The chosen year's giving (UTC, Ghana's time), in pesewas: this year's so far when no year
 * was asked for.
 */
export interface YearToDate {
  year: number;
  /** Paid, received by the desk, or found on the bank statement. */
  confirmed: number;
  /** Pending: waiting for the provider, the desk or the bank statement. */
  waiting: number;
  /** The same two per gift type, only the types given that year, in OFFERING_TYPES order. */
  byType: TypeTotal[];
}

/** One page of the payment history (GET /api/history?year=&cursor=), newest first. */
export interface HistoryPage {
  /** Only the chosen year's entries (this year's without `?year=`). */
  entries: HistoryEntry[];
  /** Send back as `?cursor=` (with the same `?year=`) for the next page; null on the last one. */
  next: string | null;
  /** On the first page only. */
  yearToDate?: YearToDate;
  /** On the first page only: the years with gifts, and this year, newest first. */
  years?: number[];
}

/** What a guest gave on this device that no account has taken yet (GET /api/history/guest-gifts). */
export interface GuestGifts {
  count: number;
  /** pesewas */
  amount: number;
}
