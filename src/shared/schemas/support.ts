import { z } from 'zod';
import {
  SUPPORT_FIELDS,
  supportInvalidEmail,
  supportTooLong,
  type SupportField,
} from '../support.ts';

// Support modal (spec §2, §5): all four fields are required. The limits and texts live in
// ../support.ts (no zod there, for the form on every screen); they are re-exported from here.
export * from '../support.ts';

const text = (field: SupportField) =>
  z
    .string({ error: () => SUPPORT_FIELDS[field].required })
    .trim()
    .min(1, { error: () => SUPPORT_FIELDS[field].required })
    .max(SUPPORT_FIELDS[field].max, { error: () => supportTooLong(field) });

export const supportRequestSchema = z
  .object({
    full_name: text('full_name'),
    email: text('email').pipe(z.email({ error: supportInvalidEmail })),
    title: text('title'),
    issue: text('issue'),
  })
  .strict();

export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export type SupportRequest = z.output<typeof supportRequestSchema>;
