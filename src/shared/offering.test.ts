import { describe, expect, it } from 'vitest';
import { toMomoPhone } from './momo-phone.ts';
import { AMOUNT_ERRORS, checkAmount } from './giving.ts';
import { checkMomoOtp, checkOffering, type OfferingRequest } from './offering.ts';
import { momoOtpSchema, offeringDetailsSchema, offeringSchema } from './schemas/giving.ts';
import { m } from '../paraglide/messages.js';

// The offering form checks with `checkOffering` (no zod on the member's main screen); the
// server with `offeringSchema`. They must refuse the same input with the same words, report
// the same fields (zod skips its last checks after some mistakes) and agree on the value.
const MAX = 5_000_000;
const base = {
  type: 'tithe',
  firstName: 'Ama',
  lastName: 'Mensah',
  assembly: 'bethel',
  amount: '50',
};
const other = { ...base, type: 'other' };
const cases: OfferingRequest[] = [
  { ...base, paymentMethod: 'cash' },
  { ...base, paymentMethod: 'cash', amount: '' },
  { ...base, paymentMethod: 'cash', amount: '0' },
  { ...base, paymentMethod: 'cash', amount: '12.345' },
  { ...base, paymentMethod: 'cash', amount: '1,250.5' },
  { ...base, paymentMethod: 'cash', amount: '50001' },
  { ...base, paymentMethod: 'cash', amount: '-5' },
  { ...base, paymentMethod: 'cash', amount: '1e9' },
  { ...base, paymentMethod: 'cash', amount: '1000000000' },
  { ...base, paymentMethod: 'cash', amount: '.5' },
  { ...base, type: 'offering', paymentMethod: 'cash' },
  { ...base, type: '', paymentMethod: 'cash' },
  { ...other, paymentMethod: 'cash' },
  { ...other, paymentMethod: 'bank', bank: 'fidelity', amount: 'x' },
  { ...other, otherType: '  Harvest  ', paymentMethod: 'bank', bank: 'fidelity' },
  { ...other, otherType: '   ', paymentMethod: 'bank', bank: 'fidelity' },
  { ...other, otherType: 'x'.repeat(61), paymentMethod: 'bank', bank: '' },
  { ...other, paymentMethod: 'bank', bank: '' },
  { ...other, firstName: '', paymentMethod: 'bank', bank: 'fidelity' },
  {
    ...base,
    firstName: '  Ama ',
    lastName: 'M'.repeat(61),
    paymentMethod: 'bank',
    bank: 'prudential',
  },
  { ...other, assembly: '', paymentMethod: 'card', email: 'ama@example.com' },
  { ...base, assembly: 'a'.repeat(61), paymentMethod: 'card', email: 'ama@example.com' },
  { ...base, paymentMethod: 'card', email: ' Ama@Example.COM ' },
  { ...other, paymentMethod: 'card', email: '' },
  { ...other, paymentMethod: 'card', email: 'ama@example' },
  { ...other, paymentMethod: 'card', email: `${'a'.repeat(250)}@x.com` },
  { ...base, paymentMethod: 'momo', phone: '024 123 4567', provider: 'MTN' },
  { ...base, paymentMethod: 'momo', phone: '+233 20 123 4567', provider: 'Telecel' },
  { ...other, paymentMethod: 'momo', phone: '', provider: 'MTN' },
  { ...other, paymentMethod: 'momo', phone: '12', provider: 'MTN' },
  { ...other, paymentMethod: 'momo', phone: '0241234567', provider: '' },
  { ...base, paymentMethod: 'momo', phone: '+44 7700 900123', provider: 'AT' },
  { ...base, type: '', firstName: '', assembly: '', paymentMethod: 'card', email: 'x' },
];

const firstIssues = (issues: { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

describe('checkOffering', () => {
  it.each(cases)('agrees with offeringSchema on %j', (input) => {
    const ours = checkOffering(input, MAX, toMomoPhone);
    const theirs = offeringSchema(MAX).safeParse(input);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) expect(ours.values).toEqual(theirs.data);
    if (!ours.ok && !theirs.success) expect(ours.errors).toEqual(firstIssues(theirs.error.issues));
  });

  it.each([
    { ...base },
    { ...other },
    { ...other, firstName: '' },
    { ...base, type: '' },
    { ...other, otherType: 'x'.repeat(61) },
    { ...base, assembly: 'a'.repeat(61), lastName: '' },
  ])('before a method is chosen, agrees with offeringDetailsSchema on %j', (input) => {
    const ours = checkOffering(input, MAX, toMomoPhone);
    const theirs = offeringDetailsSchema.safeParse(input);
    const expected = theirs.success ? {} : firstIssues(theirs.error.issues);
    expect(ours).toEqual({
      ok: false,
      errors: { ...expected, paymentMethod: m.shared_offering_method() },
    });
  });
});

describe('checkAmount', () => {
  it.each([
    ['', m.shared_giving_amount_required()],
    ['ten', m.shared_giving_amount_not_a_number()],
    ['1e9', m.shared_giving_amount_not_a_number()],
    ['1.2.3', m.shared_giving_amount_not_a_number()],
    ['.', m.shared_giving_amount_not_a_number()],
    ['+5', m.shared_giving_amount_not_a_number()],
    ['-5', m.shared_giving_amount_not_positive()],
    ['0.00', m.shared_giving_amount_not_positive()],
    ['12.345', m.shared_giving_amount_too_many_decimals()],
    ['1000000000', AMOUNT_ERRORS.tooLarge(MAX)],
    ['9'.repeat(30), AMOUNT_ERRORS.tooLarge(MAX)],
    ['50000.01', AMOUNT_ERRORS.tooLarge(MAX)],
    ['50000', 5_000_000],
    [' 1,250.5 ', 125_050],
    ['.5', 50],
    ['007', 700],
  ])('reads %j as %j', (text, expected) => {
    expect(checkAmount(text, MAX)).toBe(expected);
  });
});

describe('checkMomoOtp', () => {
  it.each(['', '   ', '123', '1234', ' 123456 ', '123456789', '12a4'])(
    'agrees with momoOtpSchema on %j',
    (otp) => {
      const theirs = momoOtpSchema.safeParse({ otp });
      expect(checkMomoOtp(otp)).toEqual(
        theirs.success ? { otp: theirs.data.otp } : { error: theirs.error.issues[0]?.message },
      );
    },
  );
});
