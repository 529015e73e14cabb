import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isValidPhone, phoneSignUpSchema, signUpSchema } from './schemas/accounts.ts';
import { checkPhoneSignUp, checkSignUp, type SignUpRequest } from './sign-up.ts';

// The sign-up form checks with `checkSignUp` (no zod for a new member's first form); the server
// with `signUpSchema`. Given the server's phone validator (the browser's answers the same:
// web/components/phone-engine.test.ts), they must refuse the same input with the same words and
// agree on the value.
const valid: SignUpRequest = {
  firstName: 'Ama',
  lastName: 'Mensah',
  phone: '+233241234567',
  assembly: 'bethel',
  email: 'ama@example.com',
  password: 'long-enough',
};
const cases: SignUpRequest[] = [
  valid,
  { firstName: '', lastName: '', phone: '', assembly: '', email: '', password: '' },
  { ...valid, firstName: '  Ama ', lastName: ' Serwaa Mensah ', email: ' Ama@Example.COM ' },
  { ...valid, firstName: 'A'.repeat(61) },
  { ...valid, lastName: '   ' },
  { ...valid, phone: '0241234567' },
  { ...valid, phone: '+233 24 123 4567' },
  { ...valid, phone: '+2332412345678901' },
  { ...valid, phone: '+233123' },
  { ...valid, phone: ' +447700900123 ' },
  { ...valid, assembly: 'a'.repeat(61) },
  { ...valid, email: 'ama@example' },
  { ...valid, password: 'short' },
  { ...valid, password: 'p'.repeat(129) },
];

/** The browser's check and the server's schema: same verdict, same words, same value. */
function expectAgreement(
  ours: { ok: true; values: unknown } | { ok: false; errors: unknown },
  theirs: z.ZodSafeParseResult<unknown>,
) {
  expect(ours.ok).toBe(theirs.success);
  if (ours.ok && theirs.success) expect(ours.values).toEqual(theirs.data);
  if (!ours.ok && !theirs.success) {
    const first: Record<string, string> = {};
    for (const issue of theirs.error.issues) first[String(issue.path[0])] ??= issue.message;
    expect(ours.errors).toEqual(first);
  }
}

describe('checkSignUp', () => {
  it.each(cases)('agrees with signUpSchema on %j', (input) => {
    expectAgreement(checkSignUp(input, isValidPhone), signUpSchema.safeParse(input));
  });
});

describe('checkPhoneSignUp', () => {
  const phoneCases = cases.map(({ email: _email, ...rest }) => rest);
  it.each(phoneCases)('agrees with phoneSignUpSchema on %j', (input) => {
    expectAgreement(checkPhoneSignUp(input, isValidPhone), phoneSignUpSchema.safeParse(input));
  });
});
