import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';

// Sign-up, login and password rules (spec §2, §5, §8). Passwords have at least 8
// characters: our deliberate choice over the spec's "no minimum" (OWASP ASVS).

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ACCOUNT_MESSAGES = {
  emailTaken: 'This email is already registered. Please login instead.',
  emailTakenShort: 'This email is already registered.',
  emailAvailable: 'Email available!',
  checkingEmail: 'Checking email...',
  signUpDone: 'Check your email to confirm your account!',
  loggedIn: 'Logged in successfully!',
  resetSent: 'Password reset email sent! Check your inbox.',
  passwordUpdated: 'Password updated successfully!',
  fillAllFields: 'Please fill in all fields.',
  passwordsDiffer: 'New passwords do not match.',
  wrongPassword: 'Current password is incorrect.',
  notVerified: 'Please confirm your email before logging in. We can send the link again.',
} as const;

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(60, `${label} must be at most 60 characters.`);

/** International phone number in E.164 (+233…), at most 15 digits. */
export const phoneSchema = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .min(1, 'Phone number is required.')
  .refine(
    (v) => /^\+\d{1,15}$/.test(v),
    'Enter the phone number with its country code, at most 15 digits.',
  )
  .refine((v) => isValidPhoneNumber(v), 'Enter a valid phone number.');

export const assemblySchema = z
  .string({ error: 'Please select your assembly.' })
  .trim()
  .min(1, 'Please select your assembly.')
  .max(60);

export const signUpSchema = z
  .object({
    firstName: name('First name'),
    lastName: name('Last name'),
    phone: phoneSchema,
    assembly: assemblySchema,
    email: emailSchema,
    password: passwordSchema,
  })
  .strict();
export type SignUpInput = z.input<typeof signUpSchema>;

export const loginSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.'),
  })
  .strict();
export type LoginInput = z.input<typeof loginSchema>;

export const emailCheckSchema = z.object({ email: emailSchema }).strict();

export const forgotPasswordSchema = z.object({ email: emailSchema }).strict();

export const resetPasswordSchema = z.object({ password: passwordSchema }).strict();

/** What GET /api/me answers. */
export interface Me {
  user: {
    id: string;
    email: string;
    fullName: string;
    firstName: string;
    isAdmin: boolean;
  } | null;
}

/** First name from the stored full name ("Ama Serwaa Mensah" → "Ama"). */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

// Registered Users (/admin/users): admins only.
export interface RegisteredUser {
  id: string;
  fullName: string;
  email: string;
  phoneNumber: string | null;
  assemblyName: string | null;
  joinedAt: string;
  emailVerified: boolean;
  isAdmin: boolean;
}

export interface UsersPage {
  users: RegisteredUser[];
  total: number;
  page: number;
  pageSize: number;
}

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
