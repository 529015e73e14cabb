import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/metadata.min.json';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { precheckMomoPhone } from './momo-phone-precheck.ts';
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

describe('precheckMomoPhone, the browser’s first look', () => {
  it.each(inputs)('never refuses %j when toMomoPhone accepts it', (input) => {
    const server = toMomoPhone(input);
    const browser = precheckMomoPhone(input);
    if (server !== null) expect(browser === server || browser === input.trim()).toBe(true);
    // Plain numbers it reads on its own are read as the server reads them.
    if (browser !== null && browser !== input.trim() && server !== null) {
      expect(browser).toBe(server);
    }
  });

  it('refuses too few digits and leaves the rest to the server', () => {
    for (const input of [
      '024 123',
      '',
      '+233 24',
      'abc',
      '0２４',
      '024 123 456',
      '024 123 45678',
    ]) {
      expect(precheckMomoPhone(input), input).toBeNull();
    }
    expect(precheckMomoPhone('+234 802 123 4567')).toBe('+234 802 123 4567');
    expect(precheckMomoPhone('024 123 4567')).toBe('+233241234567');
    expect(precheckMomoPhone('+233 (0) 24 123 4567')).toBe('+233241234567');
    // Only the library reads an extension: the server decides.
    expect(precheckMomoPhone('024 123 4567 ext. 12')).toBe('024 123 4567 ext. 12');
  });

  it('never refuses a generated number that toMomoPhone accepts', () => {
    const separator = fc.constantFrom('', ' ', '-', '.', '(', ')', ' ');
    const written = fc
      .tuple(
        fc.constantFrom(
          '',
          '0',
          '0 ',
          '(0)',
          '0233',
          '02330',
          '+233',
          '+233 ',
          '00233',
          '233',
          '+233 (0)',
          '2330',
          '+',
          '00',
        ),
        fc.constantFrom('2', '3', '5', '8', '0', '1', '9'),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), separator), {
          minLength: 4,
          maxLength: 11,
        }),
        fc.constantFrom('', ' ', ' ext. 12', ';ext=3', ' x'),
      )
      .map(
        ([prefix, first, rest, tail]) =>
          `${prefix}${first}${rest.map(([digit, sep]) => `${digit}${sep}`).join('')}${tail}`,
      );
    const noise = fc.stringMatching(/^[\d +().-]{6,20}$/);
    fc.assert(
      fc.property(fc.oneof(written, noise), (input) => {
        const server = toMomoPhone(input);
        if (server === null) return;
        const browser = precheckMomoPhone(input);
        expect(browser, input).not.toBeNull();
        if (browser !== input.trim()) expect(browser, input).toBe(server);
      }),
      { numRuns: 20_000 },
    );
  });
});
