import { describe, expect, it } from 'vitest';
import { decisionSchema } from './schemas/workers.ts';
import { checkRejection, DECISION_REASON_MAX } from './workers.ts';

describe("the reject dialog's check says what decisionSchema says", () => {
  it.each([
    '',
    '   ',
    'Not yet.',
    ' A reason with spaces around. ',
    'x'.repeat(DECISION_REASON_MAX + 1),
  ])('for the reason %j', (reason) => {
    const check = checkRejection({ reason });
    const schema = decisionSchema.safeParse({ status: 'rejected', reason });
    expect(check.ok).toBe(schema.success);
    if (check.ok && schema.success) expect(check.values.reason).toBe(schema.data.reason);
    if (!check.ok && !schema.success) {
      expect(check.errors.reason).toBe(schema.error.issues[0]!.message);
    }
  });
});
