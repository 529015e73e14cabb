import { describe, expect, it } from 'vitest';
import { checkCashReceive, checkMapping, checkRange } from './finance.ts';
import { bankMappingSchema, cashReceiveSchema, reportQuerySchema } from './schemas/finance.ts';

// The screens check without zod; the server with the schemas. Both must say the same.

/** The first message per field, as the server's error shape gives them. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}
const errorsOf = (check: { ok: boolean; errors?: object }) => (check.ok ? {} : check.errors);

describe('finance checks without zod', () => {
  it('check what the cash desk records as cashReceiveSchema does', () => {
    const max = 5_000_000;
    const cases = [
      { amount: '40', receivedOn: '2026-01-05', receivedBy: 'Usher' },
      { amount: '', receivedOn: '', receivedBy: '' },
      { amount: '10.001', receivedOn: '2999-01-01', receivedBy: ' ' },
      { amount: '0', receivedOn: '2026-02-30', receivedBy: 'x'.repeat(81) },
      { amount: '60000', receivedOn: '2026-01-05', receivedBy: 'Usher' },
      { amount: '1,250.50', receivedOn: '2026-13-01', receivedBy: 'Deacon' },
    ];
    for (const values of cases) {
      expect(errorsOf(checkCashReceive(values, max)), JSON.stringify(values)).toEqual(
        messages(cashReceiveSchema(max).safeParse(values)),
      );
    }
  });

  it('check bank columns as bankMappingSchema does', () => {
    for (const values of [
      { dateColumn: 'Date', descriptionColumn: 'Narration', amountColumn: 'Credit' },
      { dateColumn: '', descriptionColumn: '', amountColumn: '' },
      { dateColumn: 'Date', descriptionColumn: 'Date', amountColumn: 'Credit' },
    ]) {
      expect(errorsOf(checkMapping(values))).toEqual(messages(bankMappingSchema.safeParse(values)));
    }
  });

  it('check a report range as reportQuerySchema does', () => {
    for (const values of [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2026-02-01', to: '2026-01-01' },
      { from: 'nope', to: '' },
      { from: '2026-02-30', to: '2026-03-01' },
    ]) {
      expect(errorsOf(checkRange(values))).toEqual(messages(reportQuerySchema.safeParse(values)));
    }
  });
});
