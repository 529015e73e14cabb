import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/min';
import { z } from 'zod';
import { BANKS, CASH_DELETE_REASONS, MOMO_PROVIDERS, OFFERING_TYPES } from '../constants.ts';
import { formatCedis, toPesewas } from '../giving.ts';
import { emailSchema } from './accounts.ts';

// Giving (spec §2 Offerings, §3 form fields, §5 rules, §8 messages). The same schema
// validates the form in the browser and the request on the server. Texts, labels and amount
// helpers live in ../giving.ts (no zod, for the screens that only show gifts) and are
// re-exported from here.
export * from '../giving.ts';

/** Ghana mobile number for mobile money, as E.164 (+233…). */
export const momoPhoneSchema = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .min(1, 'Phone number is required.')
  .transform((value, ctx) => {
    try {
      const phone = parsePhoneNumberWithError(value, 'GH');
      if (phone.country === 'GH' && isValidPhoneNumber(phone.number)) return phone.number;
    } catch {
      // reported below
    }
    ctx.addIssue({
      code: 'custom',
      message: 'Enter a valid Ghana mobile money number, e.g. 024 123 4567.',
    });
    return z.NEVER;
  });

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(60, `${label} must be at most 60 characters.`);

export function amountSchema(maxPesewas: number) {
  return z
    .union([z.string(), z.number()], { error: 'Amount is required.' })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value;
      if (text.trim() === '') {
        ctx.addIssue({ code: 'custom', message: 'Amount is required.' });
        return z.NEVER;
      }
      const pesewas = toPesewas(text);
      if (pesewas === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter the amount in GHS, with at most 2 decimals.',
        });
        return z.NEVER;
      }
      if (pesewas <= 0) {
        ctx.addIssue({ code: 'custom', message: 'The amount must be more than 0.' });
        return z.NEVER;
      }
      if (pesewas > maxPesewas) {
        ctx.addIssue({
          code: 'custom',
          message: `The most you can give at once is GHS ${formatCedis(maxPesewas)}.`,
        });
        return z.NEVER;
      }
      return pesewas;
    });
}

/** Who gives what, for which assembly: the fields asked before the payment method. */
const detailsFields = {
  type: z.enum(OFFERING_TYPES, { error: 'Please choose the type of giving.' }),
  otherType: z.string().trim().max(60, 'Keep it under 60 characters.').optional(),
  firstName: name('First name'),
  lastName: name('Last name'),
  assembly: z
    .string({ error: 'Please select your assembly.' })
    .trim()
    .min(1, 'Please select your assembly.')
    .max(60),
};

function requireOtherType(value: { type: string; otherType?: string }, ctx: z.RefinementCtx) {
  if (value.type === 'other' && !value.otherType) {
    ctx.addIssue({
      code: 'custom',
      path: ['otherType'],
      message: 'Please specify the type of giving.',
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
            provider: z.enum(MOMO_PROVIDERS, { error: 'Please choose your network.' }),
          })
          .strict(),
        z.object({ ...base, paymentMethod: z.literal('card'), email: emailSchema }).strict(),
        z
          .object({
            ...base,
            paymentMethod: z.literal('bank'),
            bank: z.enum(BANKS, { error: 'Please choose a bank.' }),
          })
          .strict(),
        z.object({ ...base, paymentMethod: z.literal('cash') }).strict(),
      ],
      { error: 'Please choose a payment method.' },
    )
    .superRefine((value, ctx) => {
      requireOtherType(value, ctx);
      if (value.paymentMethod === 'cash' && value.type !== 'tithe') {
        ctx.addIssue({
          code: 'custom',
          path: ['paymentMethod'],
          message: 'Cash is only available for tithe.',
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
      .string({ error: 'Enter the code sent to your phone.' })
      .trim()
      .regex(/^\d{4,8}$/, 'Enter the code sent to your phone (4 to 8 digits).'),
  })
  .strict();

export const cashDeleteSchema = z
  .object({ reason: z.enum(CASH_DELETE_REASONS, { error: 'Please choose a reason.' }) })
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

/** One page of the payment history (GET /api/history), newest first. */
export interface HistoryPage {
  entries: HistoryEntry[];
  /** Send back as `?cursor=` for the next page; null on the last one. */
  next: string | null;
}
