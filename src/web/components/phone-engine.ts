import parsePhoneNumber, {
  isValidPhoneNumber,
  type MetadataJson,
} from 'libphonenumber-js/core/es6';
import { DEFAULT_METADATA } from 'virtual:phone-metadata';
import { loadPhoneMetadata, splitCallingCode } from './phone-countries.ts';

// The phone input's formatting and checking (decision 011, fourth pass), loaded when the field
// is first focused or has a number: libphonenumber-js's parser in its untranspiled build
// (`core/es6`, ≈ 6.5 kB) with the default country's metadata; another calling code's metadata
// comes when a number of it is picked or pasted. The server checks with the whole 'min'
// metadata; with the calling code's own metadata loaded, the answer is the same
// (phone-engine.test.ts).

// Grows as groups arrive; the library reads it afresh on every call.
const metadata: MetadataJson = {
  version: DEFAULT_METADATA.version,
  country_calling_codes: { ...DEFAULT_METADATA.country_calling_codes },
  countries: { ...DEFAULT_METADATA.countries },
  nonGeographic: { ...DEFAULT_METADATA.nonGeographic },
};
const loading = new Map<string, Promise<boolean>>();

export const hasPhoneMetadata = (callingCode: string) =>
  Object.hasOwn(metadata.country_calling_codes, callingCode) ||
  Object.hasOwn(metadata.nonGeographic, callingCode);

/** Loads the metadata of a calling code's group: false when it is unknown or failed to load. */
export function loadMetadataFor(callingCode: string): Promise<boolean> {
  if (hasPhoneMetadata(callingCode)) return Promise.resolve(true);
  let load = loading.get(callingCode);
  if (!load) {
    load = loadPhoneMetadata(callingCode).then(
      (group) => {
        if (group) {
          Object.assign(metadata.country_calling_codes, group.country_calling_codes);
          Object.assign(metadata.countries, group.countries);
          Object.assign(metadata.nonGeographic, group.nonGeographic);
        }
        return hasPhoneMetadata(callingCode);
      },
      () => {
        loading.delete(callingCode); // offline: try again next time
        return false;
      },
    );
    loading.set(callingCode, load);
  }
  return load;
}

export interface PhoneReading {
  /** E.164 as the library reads it (a national prefix typed after the code dropped). */
  e164: string;
  /** '+233 24 123 4567' once the digits fit one of the country's formats. */
  display: string;
  /** The country the number belongs to (+44 7911… is GB, +44 7781… GG), when known. */
  country: string | undefined;
  valid: boolean;
}

/** A calling code and the digits typed after it, read with the library; null before its metadata. */
export function readPhone(callingCode: string, digits: string): PhoneReading | null {
  if (!hasPhoneMetadata(callingCode)) return null;
  const phone = parsePhoneNumber(`+${callingCode}${digits}`, metadata);
  if (!phone) return null;
  return {
    e164: phone.number,
    display: phone.formatInternational(),
    country: phone.country,
    valid: phone.isValid(),
  };
}

/**
 * The server's check of an E.164 number ('+' and 1 to 15 digits): the same library function
 * over the number's own calling code's metadata. An unknown calling code is refused (so does
 * the server); metadata that could not load accepts, and the server has the last word.
 */
export async function checkPhoneNumber(e164: string): Promise<boolean> {
  const split = splitCallingCode(e164.slice(1));
  if (!split) return false;
  if (!(await loadMetadataFor(split[0]))) return true;
  return isValidPhoneNumber(e164, metadata);
}
