import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/min';

/**
 * A Ghana mobile-money number ('024 123 4567', '+233 24…') as E.164, or null. Its own module:
 * the phone library's metadata (≈ 25 kB on the wire) comes to the offering form only when
 * mobile money is chosen.
 */
export function toMomoPhone(value: string): string | null {
  try {
    const phone = parsePhoneNumberWithError(value, 'GH');
    if (phone.country === 'GH' && isValidPhoneNumber(phone.number)) return phone.number;
  } catch {
    // not a number
  }
  return null;
}
