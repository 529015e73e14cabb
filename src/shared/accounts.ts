// Account texts, limits and the password check, without zod: the login form is the first
// screen every new member sees, and the schema library is too heavy for two fields (decision
// 011). The email check (email.ts) and the login check (login.ts) are files of their own, so
// that a screen downloads only the checks it makes. schemas/accounts.ts builds the zod schemas
// from the same values and re-exports all of this; accounts.test.ts keeps `checkLogin` and
// `loginSchema` in step.

import { m } from '../paraglide/messages.js';

// Passwords have at least 8 characters: our deliberate choice over the spec's "no minimum"
// (OWASP ASVS).
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * A member who signed up with a phone has no email; the auth library wants one, so the
 * account holds a placeholder under `.invalid` (RFC 2606: never deliverable), shown nowhere.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.invalid';

export const isPhoneOnlyEmail = (email: string) =>
  email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

/** The member's email as the app shows it: none for a phone-first account. */
export const shownEmail = (email: string): string | null =>
  isPhoneOnlyEmail(email) ? null : email;

/** 'Password is required.' */
export const passwordRequired = () => m.shared_accounts_password_required();

export const passwordMessages = {
  get tooShort() {
    return m.shared_accounts_password_too_short({ min: PASSWORD_MIN });
  },
  get tooLong() {
    return m.shared_accounts_password_too_long({ max: PASSWORD_MAX });
  },
};

/** What `passwordSchema` (a new password) decides, with its messages. */
export function checkNewPassword(password: string): string | null {
  if (password.length === 0) return passwordRequired();
  if (password.length < PASSWORD_MIN) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX) return passwordMessages.tooLong;
  return null;
}

/** What GET /api/me answers. */
export interface Me {
  user: {
    id: string;
    /** None for a member who signed up with a phone. */
    email: string | null;
    fullName: string;
    firstName: string;
    isAdmin: boolean;
    /** The finance desk: every assembly (admins too), some, or none. */
    finance: 'all' | 'some' | null;
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
  email: string | null;
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

/** Sign-up and the profile: the assembly is chosen from the church's list. */
export const assemblyRequired = () => m.shared_accounts_assembly_required();
