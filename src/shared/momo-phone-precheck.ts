import { GHANA_PHONE_METADATA } from './momo-phone-metadata.ts';

// The browser's first look at a mobile-money number (decision 011, fourth pass), without the
// phone library: /offerings stays under its budget once mobile money is chosen. The server
// reads the number with `toMomoPhone` (the library, Ghana's metadata) and has the last word; its
// field error lands on the phone field. This look must never refuse what `toMomoPhone` accepts
// (momo-phone.test.ts compares the two on every listed input and thousands of generated ones).

const ghana = GHANA_PHONE_METADATA.countries.GH as unknown as [string, string, string];
/** A Ghana national (significant) number: the library's pattern for Ghana, as it ships. */
const NATIONAL = new RegExp(`^(?:${ghana[2]})$`);
/** Plain text: ASCII digits with spaces, dashes, dots, brackets and plus signs. */
const PLAIN = /^[\d\s().+-]*$/;
/** Every Ghana number has at least this many digits (its shortest national number). */
const MIN_DIGITS = 8;

/**
 * '024 123 4567', '+233 24 123 4567', '00233 24…', '233 24…', '+233 (0) 24…' → '+233241234567'
 * (shown on the payment screen); null when the text has too few digits to be a Ghana number,
 * or is written '0…' with digits that are not a Ghana number after the 0 (a digit short or over);
 * otherwise the trimmed text itself: only the library can tell (an extension, a `tel:` link,
 * other digit sets, the many ways of writing prefixes, a mistyped number), and the server reads
 * it. Trying to refuse more here was tried: generated inputs found numbers the library accepts
 * that a reader of our own refused.
 */
export function precheckMomoPhone(value: string): string | null {
  const text = value.trim();
  if ((text.match(/\p{Nd}/gu)?.length ?? 0) < MIN_DIGITS) return null;
  if (!PLAIN.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  // The way most members write it, '0' then the national number: a digit short or over is a
  // typo to show at once, not after the payment screen has opened.
  if (!text.includes('+') && /^0[1-9]/.test(digits) && !NATIONAL.test(digits.slice(1))) {
    return null;
  }
  for (const national of [
    digits,
    digits.replace(/^0/, ''),
    digits.replace(/^(?:00)?233/, ''),
    digits.replace(/^(?:00)?2330/, ''),
  ]) {
    if (NATIONAL.test(national)) return `+233${national}`;
  }
  return text;
}
