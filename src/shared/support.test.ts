import { describe, expect, it } from 'vitest';
import { supportRequestSchema } from './schemas/support.ts';
import { checkSupportRequest, type SupportRequest } from './support.ts';

// The support form checks with `checkSupportRequest` (no zod on every screen); the server with
// `supportRequestSchema`. They must refuse the same input with the same words.
const valid: SupportRequest = {
  full_name: 'Ama Mensah',
  email: 'ama@example.com',
  title: 'Cannot give',
  issue: 'The offering screen says the network failed.',
};
const cases: SupportRequest[] = [
  valid,
  { full_name: '', email: '', title: '', issue: '' },
  { ...valid, email: '' },
  { ...valid, email: '   ' },
  { ...valid, full_name: '   ' },
  { ...valid, full_name: `  ${valid.full_name}  `, title: ' Help ' },
  { ...valid, full_name: 'a'.repeat(120) },
  { ...valid, full_name: 'a'.repeat(121) },
  { ...valid, email: 'ama@example' },
  { ...valid, email: ' Ama@Example.com ' },
  { ...valid, email: `${'a'.repeat(250)}@example.com` },
  { ...valid, email: 'ama..mensah@example.com' },
  { ...valid, title: 't'.repeat(151) },
  { ...valid, issue: 'i'.repeat(5000) },
  { ...valid, issue: 'i'.repeat(5001) },
];

describe('checkSupportRequest', () => {
  it.each(cases)('agrees with supportRequestSchema on %j', (input) => {
    // The schema leaves the email out for the service to decide; the form asks for it.
    const ours = checkSupportRequest(input, { emailRequired: false });
    const theirs = supportRequestSchema.safeParse(input);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) {
      expect(ours.values).toEqual(theirs.data);
    } else if (!ours.ok && !theirs.success) {
      for (const field of Object.keys(valid) as (keyof SupportRequest)[]) {
        const first = theirs.error.issues.find((issue) => issue.path[0] === field)?.message;
        expect(ours.errors[field]).toBe(first);
      }
    }
  });

  it('asks a form for an email unless told the member has none', () => {
    const input = { ...valid, email: ' ' };
    expect(checkSupportRequest(input)).toEqual({
      ok: false,
      errors: { email: 'Email is required.' },
    });
    expect(checkSupportRequest(input, { emailRequired: false })).toEqual({
      ok: true,
      values: { ...valid, email: null },
    });
  });
});
