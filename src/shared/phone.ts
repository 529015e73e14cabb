import { m } from '../paraglide/messages.js';

// The phone number's rules and texts for sign-up and the profile, without the phone library
// (decision 011): the server checks validity with the library and the whole 'min' metadata
// (`isValidPhone` in schemas/accounts.ts); the browser with the number's own metadata, loaded
// on demand (web/components/phone-check.ts).

/** E.164: a plus and at most 15 digits, calling code included (spec §5, §9). */
export const PHONE_FORMAT = /^\+\d{1,15}$/;

/** Whether a number in E.164 is one the phone library knows as valid. */
export type PhoneValidator = (e164: string) => boolean;

/** International phone number in E.164 (+233…), at most 15 digits: what is wrong, or null. */
export function checkPhone(value: string, isValidPhone: PhoneValidator): string | null {
  const phone = value.trim();
  if (phone.length === 0) return m.shared_phone_required();
  if (!PHONE_FORMAT.test(phone)) return m.shared_phone_format();
  if (!isValidPhone(phone)) return m.shared_phone_invalid();
  return null;
}
