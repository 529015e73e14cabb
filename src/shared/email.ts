import { m } from '../paraglide/messages.js';

// The email check every form with an email makes (login, sign-up, password reset, support,
// a gift's receipt), as `emailSchema` (schemas/accounts.ts) decides it, without zod.

export const EMAIL_MAX = 254;

/** zod's own email pattern, spelled here so the login check and the schemas share it. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MESSAGES = {
  get tooLong() {
    return m.shared_accounts_email_too_long({ max: EMAIL_MAX });
  },
};

/** What `emailSchema` decides, with its messages: the email trimmed and lower-cased. */
export function checkEmail(email: string): { email: string } | { error: string } {
  const trimmed = email.trim();
  if (trimmed.length === 0) return { error: m.shared_accounts_email_required() };
  if (trimmed.length > EMAIL_MAX) return { error: EMAIL_MESSAGES.tooLong };
  if (!EMAIL_PATTERN.test(trimmed)) return { error: m.shared_accounts_email_invalid() };
  return { email: trimmed.toLowerCase() };
}
