import { COUNTRIES, DEFAULT_COUNTRY, NON_GEOGRAPHIC } from 'virtual:phone-countries';
import { loadPhoneMetadata } from 'virtual:phone-groups';

// The phone input's countries (scripts/phone-metadata.ts cuts the list from the installed
// phone library): no names are shipped, the browser names each country (Intl.DisplayNames).
// `loadPhoneMetadata` is here, with the input, so that a number's metadata loads beside the
// phone engine rather than after it.

export { DEFAULT_COUNTRY, loadPhoneMetadata };

/** Spec §5 and E.164: at most 15 digits, calling code included. */
export const PHONE_MAX_DIGITS = 15;

const callingCodes = new Map<string, string>();
const mainCountries = new Map<string, string>();
for (const entry of COUNTRIES.split('|')) {
  const code = /^\d+/.exec(entry)?.[0] ?? '';
  const countries = entry.slice(code.length).split(' ');
  for (const country of countries) callingCodes.set(country, code);
  if (countries[0]) mainCountries.set(code, countries[0]);
}
const knownCodes = new Set([...mainCountries.keys(), ...NON_GEOGRAPHIC.split(' ')]);

/** Every country the picker offers (ISO 3166 codes). */
export const countryCodes = (): string[] => [...callingCodes.keys()];

/** 'GH' → '233'. */
export const callingCodeOf = (country: string): string => callingCodes.get(country) ?? '';

/** '44' → 'GB': the country the phone library takes first for a shared calling code. */
export const mainCountryOf = (callingCode: string): string | undefined =>
  mainCountries.get(callingCode);

/**
 * '447911123456' → ['44', '7911123456']: calling codes never start with one another (ITU
 * E.164), so the first 1 to 3 digits that are one is it. Null when none is.
 */
export function splitCallingCode(digits: string): [string, string] | null {
  for (let length = 1; length <= 3 && length <= digits.length; length++) {
    const code = digits.slice(0, length);
    if (knownCodes.has(code)) return [code, digits.slice(length)];
  }
  return null;
}

let names: Intl.DisplayNames | undefined;

/** 'GH' → 'Ghana', in English as the rest of the app. */
export function countryName(country: string): string {
  names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return names.of(country) ?? country;
}
