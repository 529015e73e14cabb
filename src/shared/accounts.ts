// Account texts, limits and the login check, without zod: the login form is the first screen
// every new member sees, and the schema library is too heavy for two fields (decision 011).
// schemas/accounts.ts builds the zod schemas from the same values and re-exports all of this;
// accounts.test.ts keeps `checkLogin` and `loginSchema` in step.

// Passwords have at least 8 characters: our deliberate choice over the spec's "no minimum"
// (OWASP ASVS).
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/** zod's own email pattern, spelled here so the login check and the schemas share it. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

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

export const EMAIL_MESSAGES = {
  required: 'Email is required.',
  tooLong: `Email must be at most ${EMAIL_MAX} characters.`,
  invalid: 'Enter a valid email address.',
} as const;

export const PASSWORD_REQUIRED = 'Password is required.';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginCheck =
  | { ok: true; values: LoginValues }
  | { ok: false; errors: Partial<Record<keyof LoginValues, string>> };

/** What `emailSchema` decides, with its messages: the email trimmed and lower-cased. */
export function checkEmail(email: string): { email: string } | { error: string } {
  const trimmed = email.trim();
  if (trimmed.length === 0) return { error: EMAIL_MESSAGES.required };
  if (trimmed.length > EMAIL_MAX) return { error: EMAIL_MESSAGES.tooLong };
  if (!EMAIL_PATTERN.test(trimmed)) return { error: EMAIL_MESSAGES.invalid };
  return { email: trimmed.toLowerCase() };
}

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
} as const;

/** What `passwordSchema` (a new password) decides, with its messages. */
export function checkNewPassword(password: string): string | null {
  if (password.length === 0) return PASSWORD_REQUIRED;
  if (password.length < PASSWORD_MIN) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX) return passwordMessages.tooLong;
  return null;
}

/** What `loginSchema` decides, with its messages: the email trimmed and lower-cased. */
export function checkLogin({ email, password }: LoginValues): LoginCheck {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const checked = checkEmail(email);
  if ('error' in checked) errors.email = checked.error;
  if (password.length === 0) errors.password = PASSWORD_REQUIRED;
  if ('error' in checked || errors.password) return { ok: false, errors };
  return { ok: true, values: { email: checked.email, password } };
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
export const ASSEMBLY_REQUIRED = 'Please select your assembly.';
