import { z } from 'zod';
import { ACCOUNT_MESSAGES, assemblySchema, passwordSchema, phoneSchema } from './accounts.ts';

// Profile (spec §2, §5, §8). Email is shown but never editable.

export const PROFILE_MESSAGES = {
  noChanges: 'No changes to save.',
  updated: 'Profile updated successfully!',
  loadFailed: 'Failed to load profile.',
  notFound: 'User not found.',
  updateFailed: 'Failed to update profile.',
  passwordFailed: 'Failed to update password.',
  error: 'An error occurred.',
} as const;

export interface Profile {
  fullName: string;
  email: string;
  phoneNumber: string | null;
  assemblyName: string | null;
  location: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
}

export const profileUpdateSchema = z
  .object({
    fullName: z
      .string({ error: 'Full name is required.' })
      .trim()
      .min(1, 'Full name is required.')
      .max(120, 'Full name must be at most 120 characters.'),
    phoneNumber: phoneSchema,
    assemblyName: assemblySchema,
    // Saved only when non-empty (spec §5).
    location: z.string().trim().max(120, 'Location must be at most 120 characters.').optional(),
    // Saved only when non-empty and changed (spec §5).
    dateOfBirth: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter the date as YYYY-MM-DD.')
      .refine(
        (v) =>
          v === '' ||
          (!Number.isNaN(Date.parse(v)) &&
            v >= '1900-01-01' &&
            v <= new Date().toISOString().slice(0, 10)),
        'Enter a real date of birth.',
      )
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

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.fillAllFields })
      .min(1, ACCOUNT_MESSAGES.fillAllFields),
    newPassword: z
      .string({ error: ACCOUNT_MESSAGES.fillAllFields })
      .min(1, ACCOUNT_MESSAGES.fillAllFields),
    confirmPassword: z
      .string({ error: ACCOUNT_MESSAGES.fillAllFields })
      .min(1, ACCOUNT_MESSAGES.fillAllFields),
  })
  .strict()
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordsDiffer,
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
