import zlib from 'node:zlib';
import { isValidPhoneNumber, parsePhoneNumber, type MetadataJson } from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import {
  allCallingCodes,
  callingCodeOfCountry,
  countryList,
  GROUP_MAX_BYTES,
  groupCallingCodes,
  PHONE_DEFAULT_COUNTRY,
  readPhoneMetadata,
  subMetadata,
  type PhoneMetadataJson,
} from './phone-metadata.ts';

// The phone input loads the metadata of one group of calling codes at a time. Numbers of a
// calling code must read the same with its group's metadata as with the library's whole 'min'
// metadata, the one the server checks with.
const metadata = readPhoneMetadata();
const defaultCode = callingCodeOfCountry(metadata, PHONE_DEFAULT_COUNTRY);
const groups = groupCallingCodes(metadata, defaultCode);
const groupOf = (code: string) =>
  code === defaultCode ? [defaultCode] : (groups.find((group) => group.includes(code)) ?? []);
const asLibrary = (json: PhoneMetadataJson) => json as unknown as MetadataJson;

/** Every country's example mobile number, and numbers made from it: shorter, longer, changed. */
function numbersToTry(): string[] {
  const numbers: string[] = [];
  for (const [country, national] of Object.entries(examples as Record<string, string>)) {
    const code = callingCodeOfCountry(metadata, country);
    const variants = [
      national,
      national.slice(0, -1),
      `${national}0`,
      `${national}12`,
      `0${national}`,
      `${national.slice(0, -2)}99`,
      `1${national.slice(1)}`,
      `9${national.slice(1)}`,
    ];
    for (const variant of variants) numbers.push(`+${code}${variant}`);
  }
  for (const code of Object.keys(metadata.nonGeographic ?? {})) {
    numbers.push(`+${code}12345678`, `+${code}1234567`, `+${code}123456789012`);
  }
  return numbers;
}

describe('the phone metadata split by calling code', () => {
  it('puts every calling code but the default one in exactly one group', () => {
    const grouped = groups.flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped, defaultCode].sort()).toEqual(allCallingCodes(metadata).sort());
  });

  it('keeps each group under its size on the wire, unless one calling code alone is bigger', () => {
    for (const group of groups) {
      const source = `export default ${JSON.stringify(subMetadata(metadata, group))};\n`;
      const bytes = zlib.brotliCompressSync(source).length;
      if (group.length > 1) expect(bytes).toBeLessThanOrEqual(GROUP_MAX_BYTES + 64);
    }
    expect(groups.length).toBeLessThan(30);
  });

  it('has calling codes that never start with one another (the input splits them so)', () => {
    const codes = allCallingCodes(metadata);
    for (const a of codes) {
      for (const b of codes) if (a !== b) expect(b.startsWith(a)).toBe(false);
    }
  });

  it('lists every country with its calling code, main country first', () => {
    const { countries, nonGeographic } = countryList(metadata);
    const entries = countries.split('|');
    expect(entries).toContain('233GH');
    expect(entries).toContain('44GB GG IM JE');
    expect(entries.find((entry) => entry.startsWith('1US'))).toMatch(/^1US AG /);
    expect(entries.flatMap((entry) => entry.replace(/^\d+/, '').split(' '))).toHaveLength(
      Object.keys(metadata.countries).length,
    );
    expect(nonGeographic.split(' ')).toContain('800');
  });

  const numbers = numbersToTry();
  it(`reads ${numbers.length} numbers of every calling code as the whole metadata does`, () => {
    let valid = 0;
    for (const number of numbers) {
      const code = allCallingCodes(metadata).find((c) => number.startsWith(`+${c}`))!;
      const group = asLibrary(subMetadata(metadata, groupOf(code)));
      const whole = asLibrary(metadata);
      const expected = isValidPhoneNumber(number, whole);
      if (expected) valid += 1;
      expect(isValidPhoneNumber(number, group), number).toBe(expected);
      const [ours, theirs] = [parsePhoneNumber(number, group), parsePhoneNumber(number, whole)];
      expect(ours?.country, number).toBe(theirs?.country);
      expect(ours?.number, number).toBe(theirs?.number);
      expect(ours?.formatInternational(), number).toBe(theirs?.formatInternational());
    }
    // The examples themselves are valid: the comparison is not only between refusals.
    expect(valid).toBeGreaterThan(300);
  });

  it('tells apart the countries that share +1, +44 and +7 with their group alone', () => {
    const numbers = ['+12423570000', '+16135550123', '+14165550123', '+447911123456'];
    numbers.push('+447781123456', '+447624123456', '+77011234567', '+79123456789');
    const countries = numbers.map((number) => {
      const code = number.startsWith('+1') ? '1' : number.startsWith('+7') ? '7' : '44';
      const ours = parsePhoneNumber(number, asLibrary(subMetadata(metadata, groupOf(code))));
      expect(ours?.country, number).toBe(parsePhoneNumber(number, asLibrary(metadata))?.country);
      return ours?.country;
    });
    expect(countries).toEqual(['BS', 'CA', 'CA', 'GG', 'GG', 'IM', 'KZ', 'RU']);
  });
});
