import { m } from '../paraglide/messages.js';

// Phone-first accounts (issue 32): what only the phone screens and their server need, apart
// from ./accounts.ts, which every account screen loads.

/** A phone-number plugin's error code as the member reads it, or undefined for another code. */
export function phoneErrorText(code: string): string | undefined {
  const texts: Record<string, () => string> = {
    INVALID_OTP: m.shared_phone_accounts_code_invalid,
    OTP_NOT_FOUND: m.shared_phone_accounts_code_expired,
    OTP_EXPIRED: m.shared_phone_accounts_code_expired,
    TOO_MANY_ATTEMPTS: m.shared_phone_accounts_code_too_many_tries,
    INVALID_PHONE_NUMBER_OR_PASSWORD: m.shared_phone_accounts_wrong_phone_or_password,
    PHONE_NUMBER_NOT_VERIFIED: m.shared_phone_accounts_not_verified,
    PHONE_NUMBER_EXIST: m.shared_phone_accounts_phone_elsewhere,
    PHONE_NUMBER_PENDING_VERIFICATION: m.shared_phone_accounts_not_verified,
    PHONE_TAKEN: m.shared_phone_accounts_phone_taken,
  };
  // In the language in force when called.
  return Object.hasOwn(texts, code) ? texts[code]!() : undefined;
}

export const PHONE_CODE_PATTERN = /^\d{6}$/;
