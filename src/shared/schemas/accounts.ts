import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordMessages, passwordRequired } from '../accounts.ts';
import { EMAIL_MAX, EMAIL_MESSAGES, EMAIL_PATTERN } from '../email.ts';
import {
  assemblyRequired,
  PHONE_FORMAT,
  SIGN_UP_NAME_MAX,
  signUpNameErrors,
  type NameField,
  type PhoneValidator,
} from '../sign-up.ts';
import { PHONE_CODE_PATTERN } from '../phone-accounts.ts';
import { m } from '../../paraglide/messages.js';

// Sign-up, login and password rules (spec §2, §5, §8). The texts and limits live in
// ../accounts.ts (no zod there, for the login screen); they are re-exported from here.
export * from '../accounts.ts';
export * from '../email.ts';
export * from '../login.ts';
export * from '../phone-accounts.ts';

// Messages are functions (`{ error: () => … }`): read when a value is refused, in the
// language in force then, never once when this module loads.
export const emailSchema = z
  .string({ error: () => m.shared_accounts_email_required() })
  .trim()
  .min(1, { error: () => m.shared_accounts_email_required() })
  .max(EMAIL_MAX, { error: () => EMAIL_MESSAGES.tooLong })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: () => m.shared_accounts_email_invalid() }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: passwordRequired })
  .min(1, { error: passwordRequired })
  .min(PASSWORD_MIN, { error: () => passwordMessages.tooShort })
  .max(PASSWORD_MAX, { error: () => passwordMessages.tooLong });

const name = (field: NameField) =>
  z
    .string({ error: () => signUpNameErrors(field).required })
    .trim()
    .min(1, { error: () => signUpNameErrors(field).required })
    .max(SIGN_UP_NAME_MAX, { error: () => signUpNameErrors(field).tooLong });

/**
 * A number the phone library knows as valid, any country, with the whole 'min' metadata: the
 * server's judge (the browser checks with the number's own metadata, loaded on demand).
 */
export const isValidPhone: PhoneValidator = (value) => isValidPhoneNumber(value);

/**
 * '+233241234567' → '+233 24 123 4567': the international format the phone input shows once
 * its engine has read a number (same library, same metadata); the number as saved when the
 * library cannot read it.
 */
export const formatPhone = (e164: string): string =>
  parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;

/**
 * International phone number in E.164 (+233…), at most 15 digits (as `checkPhone`), stored as
 * the library writes it: '+2330241234567' is '+233241234567', one handset one number (issue 47).
 */
export const phoneSchema = z
  .string({ error: () => m.shared_phone_required() })
  .trim()
  .min(1, { error: () => m.shared_phone_required() })
  .refine((v) => PHONE_FORMAT.test(v), { error: () => m.shared_phone_format() })
  .refine((v) => isValidPhone(v), { error: () => m.shared_phone_invalid() })
  .transform((v) => parsePhoneNumberFromString(v)?.number ?? v);

/**
 * A number as a person types or says it where there is no phone input (a guest's reply to an
 * event, the guardian's phone at the door): a Ghana number without its code ('020 987 6543')
 * or any country's with it, as E.164; null when it is no valid number (issue 48).
 */
export function readTypedPhone(value: string): string | null {
  const phone = parsePhoneNumberFromString(value.trim(), 'GH');
  return phone?.isValid() ? phone.number : null;
}

/** `readTypedPhone` as a field: `required` when empty, `invalid` when no number. */
export const typedPhoneSchema = (messages: { required: () => string; invalid: () => string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(40, { error: messages.invalid })
    .transform((value, ctx) => {
      const e164 = readTypedPhone(value);
      if (e164) return e164;
      ctx.addIssue({ code: 'custom', message: messages.invalid() });
      return z.NEVER;
    });

export const assemblySchema = z
  .string({ error: assemblyRequired })
  .trim()
  .min(1, { error: assemblyRequired })
  .max(60);

export const signUpSchema = z
  .object({
    firstName: name('firstName'),
    lastName: name('lastName'),
    phone: phoneSchema,
    assembly: assemblySchema,
    email: emailSchema,
    password: passwordSchema,
    /** Attach what this device gave as a guest to the new account (issue 30, decision 029). */
    attachGuestGifts: z.boolean().optional(),
  })
  .strict();
export type SignUpInput = z.input<typeof signUpSchema>;

// Phone-first accounts (issue 32): sign up without email, and the auth library's phone
// endpoints, each body checked here before it reaches the library.
export const phoneSignUpSchema = z
  .object({
    firstName: name('firstName'),
    lastName: name('lastName'),
    phone: phoneSchema,
    assembly: assemblySchema,
    password: passwordSchema,
  })
  .strict();
export type PhoneSignUpInput = z.input<typeof phoneSignUpSchema>;

const phoneCodeSchema = z
  .string({ error: () => m.shared_phone_accounts_code_format() })
  .trim()
  .regex(PHONE_CODE_PATTERN, { error: () => m.shared_phone_accounts_code_format() });

export const phoneOnlySchema = z.object({ phoneNumber: phoneSchema }).strict();

export const phoneSignInSchema = z
  .object({
    phoneNumber: phoneSchema,
    password: z
      .string({ error: passwordRequired })
      .min(1, { error: passwordRequired })
      .max(PASSWORD_MAX),
  })
  .strict();

export const phoneVerifySchema = z
  .object({
    phoneNumber: phoneSchema,
    code: phoneCodeSchema,
    /** The signed-in member proves a phone for their account (the profile). */
    updatePhoneNumber: z.boolean().optional(),
  })
  .strict();

/** A phone-first sign-up's own code (decision 050): `signUp` names the sign-up it proves. */
const signUpIdSchema = z.string().trim().min(1).max(64);

export const phoneSignUpVerifySchema = z
  .object({ phoneNumber: phoneSchema, code: phoneCodeSchema, signUp: signUpIdSchema })
  .strict();

export const phoneSignUpCodeSchema = z
  .object({ phoneNumber: phoneSchema, signUp: signUpIdSchema })
  .strict();

export const phoneResetSchema = z
  .object({ phoneNumber: phoneSchema, otp: phoneCodeSchema, newPassword: passwordSchema })
  .strict();

export const loginSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: passwordRequired }).min(1, { error: passwordRequired }),
  })
  .strict();
export type LoginInput = z.input<typeof loginSchema>;

export const emailCheckSchema = z.object({ email: emailSchema }).strict();

export const forgotPasswordSchema = z.object({ email: emailSchema }).strict();

export const resetPasswordSchema = z.object({ password: passwordSchema }).strict();

// Registered Users (/admin/users): admins only.
export const usersQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    page: z
      .preprocess(
        (v) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v),
        z.number().int().min(1).max(100_000),
      )
      .optional(),
  })
  .strict();
