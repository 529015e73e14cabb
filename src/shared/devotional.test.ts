import { describe, expect, it } from 'vitest';
import { checkDay, checkWeek, type DayFormInput, type WeekFormInput } from './devotional.ts';
import { dayNumberSchema, dayUpsertSchema, weekCreateSchema } from './schemas/devotional.ts';

// The admin's week and day forms check with `checkWeek` and `checkDay` (no zod there); the
// server with `weekCreateSchema`, and `dayUpsertSchema` with `dayNumberSchema`. They must
// refuse the same input with the same words.
function agree<Input extends object>(
  ours: { ok: true; values: unknown } | { ok: false; errors: Partial<Record<string, string>> },
  theirs: {
    success: boolean;
    data?: unknown;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  },
  fields: (keyof Input & string)[],
) {
  expect(ours.ok).toBe(theirs.success);
  if (ours.ok && theirs.success) expect(ours.values).toEqual(theirs.data);
  else if (!ours.ok && !theirs.success) {
    for (const field of fields) {
      const first = theirs.error?.issues.find((issue) => issue.path[0] === field)?.message;
      expect(ours.errors[field]).toBe(first);
    }
  }
}

const weeks: WeekFormInput[] = [
  { id: 1, title: 'Faith' },
  { id: '12', title: '  Faith  ' },
  { id: ' 53 ', title: 'Faith' },
  { id: 54, title: 'Faith' },
  { id: 0, title: 'Faith' },
  { id: '', title: '' },
  { id: '1.5', title: 'Faith' },
  { id: 1.5, title: 'Faith' },
  { id: 'abc', title: 't'.repeat(201) },
  { id: '1234567', title: 't'.repeat(200) },
  { id: -3, title: '   ' },
];

const link = 'https://docs.google.com/document/d/abc123/edit';
const days: DayFormInput[] = [
  { day: 1, title: 'Day one', documentUrl: '' },
  { day: '366', title: 'Day', documentUrl: link },
  { day: 367, title: 'Day', documentUrl: link },
  { day: '0', title: '', documentUrl: 'http://docs.google.com/document/d/abc' },
  { day: 5, title: 'Day', documentUrl: 'https://example.com/doc' },
  { day: 5, title: 'Day', documentUrl: `  ${link}  ` },
  { day: 5, title: 'Day', documentUrl: `https://docs.google.com/${'a'.repeat(500)}` },
  { day: 5, title: 'Day', documentUrl: '   ' },
  { day: 5, title: 'Day', documentUrl: null },
  { day: 5, title: 'Day' },
  { day: 'x', title: 't'.repeat(201), documentUrl: 'nope' },
  { day: '7', title: 'Day', documentUrl: 'https://drive.google.com/file/d/abc/view' },
];

describe('checkWeek', () => {
  it.each(weeks)('agrees with weekCreateSchema on %j', (input) => {
    agree<WeekFormInput>(checkWeek(input), weekCreateSchema.safeParse(input), ['id', 'title']);
  });
});

describe('checkDay', () => {
  const dayFormSchema = dayUpsertSchema.extend({ day: dayNumberSchema });
  it.each(days)('agrees with dayUpsertSchema and dayNumberSchema on %j', (input) => {
    agree<DayFormInput>(checkDay(input), dayFormSchema.safeParse(input), [
      'day',
      'title',
      'documentUrl',
    ]);
  });
});
