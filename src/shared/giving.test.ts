import { describe, expect, it } from 'vitest';
import { inTwi } from './testing/in-twi.ts';
import { CASH_DELETE_REASONS } from './constants.ts';
import { cashDeleteReasonLabel, checkCashDelete } from './giving.ts';
import { cashDeleteSchema } from './schemas/giving.ts';

// The history's cash-delete form checks with `checkCashDelete` (no zod there); the server with
// `cashDeleteSchema`. They must refuse the same input with the same words.
const cases: { reason?: unknown }[] = [
  { reason: 'Mistaken amount or details' },
  { reason: 'Other reason' },
  {},
  { reason: null },
  { reason: '' },
  { reason: 'other reason' },
  { reason: 'Other reason ' },
  { reason: 1 },
];

describe('checkCashDelete', () => {
  it.each(cases)('agrees with cashDeleteSchema on %j', (input) => {
    const ours = checkCashDelete(input);
    const theirs = cashDeleteSchema.safeParse(input);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) expect(ours.values).toEqual(theirs.data);
    else if (!ours.ok && !theirs.success) {
      expect(ours.errors.reason).toBe(theirs.error.issues[0]?.message);
    }
  });
});

describe('cashDeleteReasonLabel', () => {
  it('shows a stored reason in the reader’s language; the value stays English', () => {
    expect(CASH_DELETE_REASONS.map(cashDeleteReasonLabel)).toEqual([
      'Mistaken amount or details',
      'Other reason',
    ]);
    expect(inTwi(() => CASH_DELETE_REASONS.map(cashDeleteReasonLabel))).toEqual([
      'Sika dodoɔ anaa nsɛm no mu mfomsoɔ',
      'Ntease foforɔ',
    ]);
  });
});
