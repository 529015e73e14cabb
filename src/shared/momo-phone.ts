import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/core';
import { GHANA_PHONE_METADATA } from './momo-phone-metadata.ts';

/**
 * A Ghana mobile-money number ('024 123 4567', '+233 24…') as E.164, or null. Its own module,
 * loaded when mobile money is chosen, and with Ghana's metadata only: any other country is
 * refused anyway, so the whole world's (≈ 20 kB on the wire) is not needed (decision 011;
 * momo-phone.test.ts compares it with the library's full 'min' metadata).
 */
export function toMomoPhone(value: string): string | null {
  try {
    const phone = parsePhoneNumberWithError(value, 'GH', GHANA_PHONE_METADATA);
    if (phone.country === 'GH' && isValidPhoneNumber(phone.number, GHANA_PHONE_METADATA)) {
      return phone.number;
    }
  } catch {
    // not a number, or not one of Ghana's
  }
  return null;
}
