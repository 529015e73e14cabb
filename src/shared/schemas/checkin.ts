import { z } from 'zod';
import { CHECKIN_CODE_LENGTH, CHECKIN_MESSAGES, PICKUP_CODE_LENGTH } from '../checkin.ts';
import { typedPhoneSchema } from './accounts.ts';
import { assemblyOrAllSchema, requiredText } from './fields.ts';
import { m } from '../../paraglide/messages.js';

export * from '../checkin.ts';

// Service check-in (issue 34, decision 039). The same schemas check the forms in the browser
// and the requests on the server.

const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

const instant = (message: () => string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: message })
    .transform((v) => new Date(v).toISOString());

/** An admin's session: a name, an assembly (empty: the whole church) and its window. */
export const sessionCreateSchema = z
  .object({
    title: requiredText(
      () => m.shared_checkin_title(),
      80,
      () => m.shared_checkin_title_too_long(),
    ),
    assembly: assemblyOrAllSchema,
    /** The event this is the check-in of (optional). */
    eventId: z
      .union([z.uuid({ error: () => m.shared_checkin_event() }), z.literal('')])
      .transform((v) => v || null)
      .nullable()
      .default(null),
    opensAt: instant(() => m.shared_checkin_opens_at()),
    closesAt: instant(() => m.shared_checkin_closes_at()),
  })
  .strict()
  .superRefine((value, ctx) => {
    const span = Date.parse(value.closesAt) - Date.parse(value.opensAt);
    if (span <= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['closesAt'],
        message: m.shared_checkin_closes_before_opens(),
      });
    } else if (span > MAX_WINDOW_MS) {
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: m.shared_checkin_too_long() });
    }
  });
export type SessionCreateInput = z.input<typeof sessionCreateSchema>;

const digits = (length: number, message: () => string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{${length}}$`), { error: message });

/** A member checks in with the entrance QR's token or the session's short code. */
export const checkinSchema = z.union([
  z
    .object({
      token: z
        .string({ error: () => m.shared_checkin_bad_qr() })
        .trim()
        .min(1)
        .max(200),
    })
    .strict(),
  z.object({ code: digits(CHECKIN_CODE_LENGTH, () => CHECKIN_MESSAGES.code) }).strict(),
]);
export type CheckinInput = z.input<typeof checkinSchema>;

const childName = requiredText(
  () => m.shared_checkin_child_name(),
  80,
  () => m.shared_checkin_child_name_too_long(),
);

/** A guardian checks their own child in (their profile's phone is the guardian's phone). */
export const childCheckinSchema = z
  .object({ sessionId: z.uuid({ error: () => m.shared_checkin_no_sessions() }), childName })
  .strict();

/** An usher checks a child in: the guardian's phone is required, typed as said at the door. */
export const usherChildSchema = z
  .object({
    childName,
    guardianPhone: typedPhoneSchema({
      required: () => m.shared_checkin_guardian_phone(),
      invalid: () => m.shared_phone_typed_invalid(),
    }),
  })
  .strict();

export const pickupSchema = z
  .object({ code: digits(PICKUP_CODE_LENGTH, () => CHECKIN_MESSAGES.pickupCode) })
  .strict();

/** Usher mode's search: two letters of a name or some digits of a phone. */
export const usherSearchSchema = z
  .object({
    q: z
      .string({ error: () => m.shared_checkin_query() })
      .trim()
      .min(2, { error: () => m.shared_checkin_query() })
      .max(60),
  })
  .strict();

export const usherCheckinSchema = z.object({ userId: z.string().trim().min(1).max(64) }).strict();

/** An admin makes a member an usher by their email or phone. */
export const usherGrantSchema = z
  .object({
    contact: z
      .string({ error: () => m.shared_checkin_usher() })
      .trim()
      .min(3, { error: () => m.shared_checkin_usher() })
      .max(254),
  })
  .strict();
