import { z } from 'zod';
import { EMAIL_PATTERN } from '../email.ts';
import {
  SUPPORT_FIELDS,
  supportInvalidEmail,
  supportTooLong,
  type SupportField,
} from '../support.ts';

// Support modal (spec §2, §5): all four fields are required, but the email of a member who has
// none (the service answers on their proved phone, decision 054). The limits and texts live in
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
    // Empty or absent: none (support.service.ts decides who may leave it out).
    email: z
      .string({ error: () => SUPPORT_FIELDS.email.required })
      .trim()
      .max(SUPPORT_FIELDS.email.max, { error: () => supportTooLong('email') })
      .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: supportInvalidEmail })
      .transform((v) => v || null)
      .optional()
      .transform((v) => v ?? null),
    title: text('title'),
    issue: text('issue'),
  })
  .strict();

export type SupportRequestInput = z.input<typeof supportRequestSchema>;
