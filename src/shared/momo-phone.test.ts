import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { toMomoPhone } from './momo-phone.ts';
import { GHANA_PHONE_METADATA } from './momo-phone-metadata.ts';

// `toMomoPhone` reads numbers with Ghana's metadata only. It must decide what it decided with
// the library's whole 'min' metadata, which the server and the form used before.
function withWholeMetadata(value: string): string | null {
  try {
    const phone = parsePhoneNumberWithError(value, 'GH');
    if (phone.country === 'GH' && isValidPhoneNumber(phone.number)) return phone.number;
  } catch {
    // not a number
  }
  return null;
}

const inputs = [
  '024 123 4567',
  '0241234567',
  '241234567',
  '+233 24 123 4567',
  '+233241234567',
  '00233241234567',
  '233241234567',
  '020 123 4567',
  '050 123 4567',
  '055 123 4567',
  '059 123 4567',
  '030 212 3456',
  '0800 12345',
  '024 123 456',
  '024 123 45678',
  '+233 24 123 456',
  '012 345 6789',
  '+234 802 123 4567',
  '+44 7911 123456',
  '+1 702 123 4567',
  '+800 1234 5678',
  '0044 7911 123456',
  '+225 07 12 34 56 78',
  '+226 70 12 34 56',
  '',
  '   ',
  'abc',
  '+',
  '+233',
  '024-123-4567',
  '(024) 123 4567',
  '024 123 4567 ext. 12',
  '+233 (0) 24 123 4567',
  '０２４１２３４５６７',
];

describe('toMomoPhone with Ghana metadata only', () => {
  it('is the library metadata for Ghana, as it ships', () => {
    expect(GHANA_PHONE_METADATA).toEqual({
      version: metadata.version,
      country_calling_codes: { '233': ['GH'] },
      countries: { GH: metadata.countries.GH },
    });
  });

  it.each(inputs)('reads %j as it did with the whole metadata', (input) => {
    expect(toMomoPhone(input)).toBe(withWholeMetadata(input));
  });

  it('keeps Ghana numbers and refuses others', () => {
    expect(toMomoPhone('024 123 4567')).toBe('+233241234567');
    expect(toMomoPhone('+234 802 123 4567')).toBeNull();
  });
});
