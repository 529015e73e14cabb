import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isValidPhone,
  phoneSchema,
  signUpSchema,
} from '../../shared/schemas/accounts.ts';
import { checkSignUp, type SignUpRequest } from '../../shared/sign-up.ts';
import { phoneValidator } from './phone-check.ts';
import { callingCodeOf, countryCodes, splitCallingCode } from './phone-countries.ts';
import { checkPhoneNumber, loadMetadataFor, readPhone } from './phone-engine.ts';

// The browser checks a phone number with the number's own calling code's metadata, loaded on
// demand; the server with the library's whole 'min' metadata (`phoneSchema`). The browser must
// never refuse a number the server accepts; in fact it answers the same.

const examplesByCountry = examples as Record<string, string>;

/** Every country's example mobile number and numbers made from it. */
const madeNumbers = countryCodes().flatMap((country) => {
  const national = examplesByCountry[country] ?? '2012345678';
  const code = callingCodeOf(country);
  return [
    national,
    national.slice(0, -1),
    `${national}7`,
    `0${national}`,
    `5${national.slice(1)}`,
  ].map((variant) => `+${code}${variant}`);
});
const nonGeographic = [
  '+80012345678',
  '+8001234567',
  '+80812345678',
  '+870773111632',
  '+9791234567',
];

describe('the phone engine', () => {
  it(`answers as the server on ${madeNumbers.length + nonGeographic.length} numbers of every country`, async () => {
    let valid = 0;
    for (const number of [...madeNumbers, ...nonGeographic]) {
      const server = isValidPhone(number);
      if (server) valid += 1;
      expect(await checkPhoneNumber(number), number).toBe(server);
    }
    expect(valid).toBeGreaterThan(300);
  });

  it("writes a saved number as the server's profile does (shown before the engine loads)", async () => {
    let compared = 0;
    for (const number of [...madeNumbers, ...nonGeographic]) {
      if (!isValidPhone(number)) continue;
      const [code, digits] = splitCallingCode(number.slice(1))!;
      await loadMetadataFor(code);
      expect(readPhone(code, digits)?.display, number).toBe(formatPhone(number));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('answers as the server on generated numbers', async () => {
    const codes = countryCodes().map(callingCodeOf);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...codes, '800', '882', '0', '99'),
        fc.stringMatching(/^\d{0,13}$/),
        async (code, rest) => {
          const number = `+${code}${rest}`.slice(0, 16);
          if (!/^\+\d{1,15}$/.test(number)) return;
          expect(await checkPhoneNumber(number)).toBe(isValidPhone(number));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('never refuses in the sign-up form what the server accepts', async () => {
    const base: SignUpRequest = {
      firstName: 'Ama',
      lastName: 'Mensah',
      phone: '',
      assembly: 'grace',
      email: 'ama@example.com',
      password: 'long-enough',
    };
    const phones = ['', ' ', '0241234567', '+233 24 123 4567', '+233241234567', ' +447911123456 '];
    phones.push('+2332412345678901', '+233123', '+12423570000', '+80012345678', '+999123456');
    for (const phone of [...phones, ...madeNumbers.slice(0, 400)]) {
      const input = { ...base, phone };
      const ours = checkSignUp(input, await phoneValidator(phone));
      const theirs = signUpSchema.safeParse(input);
      expect(ours.ok, phone).toBe(theirs.success);
      if (!ours.ok && !theirs.success) {
        expect(ours.errors.phone, phone).toBe(
          theirs.error.issues.find((issue) => issue.path[0] === 'phone')?.message,
        );
      }
      expect(phoneSchema.safeParse(phone).success).toBe(theirs.success);
    }
  });

  it('reads what the member typed: a national prefix dropped, formatted per country', async () => {
    expect(readPhone('233', '0241234567')).toMatchObject({
      e164: '+233241234567',
      display: '+233 24 123 4567',
      country: 'GH',
      valid: true,
    });
    expect(readPhone('233', '24123')).toMatchObject({ e164: '+23324123', valid: false });
    await checkPhoneNumber('+447911123456'); // loads +44's group
    expect(readPhone('44', '7911123456')).toMatchObject({
      display: '+44 7911 123456',
      valid: true,
    });
    await checkPhoneNumber('+12423570000');
    expect(readPhone('1', '2423570000')).toMatchObject({ country: 'BS', valid: true });
    expect(readPhone('999', '123456789')).toBeNull(); // no such calling code
  });
});
