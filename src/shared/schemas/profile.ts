import { z } from 'zod';
import { isDateFormat, isRealBirthDate } from '../profile.ts';
import { RECEIPT_CHANNELS, type ReceiptChannel } from '../receipt-channels.ts';
import { assemblySchema, passwordSchema, phoneSchema } from './accounts.ts';
import { m } from '../../paraglide/messages.js';

// Profile (spec §2, §5, §8). Email is shown but never editable. The texts and date rules live
// in ../profile.ts (no zod there, for the profile screen); they are re-exported from here.
export * from '../profile.ts';
export * from '../receipt-channels.ts';

export interface Profile {
  fullName: string;
  /** None for a member who signed up with a phone (issue 32). */
  email: string | null;
  /** The phone an SMS code proved theirs: they sign in and are known on USSD by it. */
  signInPhone: string | null;
  phoneNumber: string | null;
  /**
   * The number as the phone input writes it ('+233 24 123 4567'): the profile screen shows it
   * without loading the phone library first (issue 16).
   */
  phoneDisplay: string | null;
  assemblyName: string | null;
  location: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  /** Where receipts and codes go (email, SMS to phoneNumber, or both). */
  receiptChannel: ReceiptChannel;
}

export const receiptChannelSchema = z
  .object({
    channel: z.enum(RECEIPT_CHANNELS, { error: () => m.shared_receipt_channels_invalid() }),
  })
  .strict();

export const profileUpdateSchema = z
  .object({
    fullName: z
      .string({ error: () => m.shared_profile_full_name_required() })
      .trim()
      .min(1, { error: () => m.shared_profile_full_name_required() })
      .max(120, { error: () => m.shared_profile_full_name_too_long() }),
    phoneNumber: phoneSchema,
    assemblyName: assemblySchema,
    // Saved only when non-empty (spec §5).
    location: z
      .string()
      .trim()
      .max(120, { error: () => m.shared_profile_location_too_long() })
      .optional(),
    // Saved only when non-empty and changed (spec §5).
    dateOfBirth: z
      .string()
      .trim()
      .refine((v) => isDateFormat(v), { error: () => m.shared_profile_date_format() })
      .refine((v) => isRealBirthDate(v), { error: () => m.shared_profile_date_not_real() })
      .optional(),
  })
  .strict();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** What PATCH /api/profile answers: `changed` false means 'No changes to save.' */
export interface ProfileUpdateResult {
  changed: boolean;
  message: string;
  profile: Profile;
}

const fillAllFields = () => m.shared_accounts_fill_all_fields();

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: fillAllFields }).min(1, { error: fillAllFields }),
    newPassword: z.string({ error: fillAllFields }).min(1, { error: fillAllFields }),
    confirmPassword: z.string({ error: fillAllFields }).min(1, { error: fillAllFields }),
  })
  .strict()
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: () => m.shared_accounts_passwords_differ(),
    path: ['confirmPassword'],
  })
  .pipe(
    z.object({
      currentPassword: z.string(),
      newPassword: passwordSchema,
      confirmPassword: z.string(),
    }),
  );
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
