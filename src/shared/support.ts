// The support request's rules and texts, without zod: the support button is on every screen,
// and its form should not bring the schema library (decision 011). schemas/support.ts builds
// the server's zod schema from the same values; support.test.ts keeps the two in step.
import { EMAIL_PATTERN } from './accounts.ts';

export const SUPPORT_FIELDS = {
  full_name: { max: 120, required: 'Full name is required.', label: 'Full name' },
  email: { max: 254, required: 'Email is required.', label: 'Email' },
  title: { max: 150, required: 'Title is required.', label: 'Title' },
  issue: { max: 5000, required: 'Please describe the issue.', label: 'Issue' },
} as const;

export const SUPPORT_INVALID_EMAIL = 'Enter a valid email address.';

export const SUPPORT_MESSAGES = {
  success: 'Confirmation received! Our team will contact you via email in a moment.',
  failure: 'Failed to submit support request. Please try again.',
} as const;

export type SupportField = keyof typeof SUPPORT_FIELDS;
export type SupportRequest = Record<SupportField, string>;

export const supportTooLong = (field: SupportField) =>
  `${SUPPORT_FIELDS[field].label} must be at most ${SUPPORT_FIELDS[field].max} characters.`;

export type SupportCheck =
  | { ok: true; values: SupportRequest }
  | { ok: false; errors: Partial<Record<SupportField, string>> };

/** What `supportRequestSchema` decides, with its messages: every field trimmed. */
export function checkSupportRequest(input: SupportRequest): SupportCheck {
  const values = {} as SupportRequest;
  const errors: Partial<Record<SupportField, string>> = {};
  for (const field of Object.keys(SUPPORT_FIELDS) as SupportField[]) {
    const value = input[field].trim();
    values[field] = value;
    if (value.length === 0) errors[field] = SUPPORT_FIELDS[field].required;
    else if (value.length > SUPPORT_FIELDS[field].max) errors[field] = supportTooLong(field);
    else if (field === 'email' && !EMAIL_PATTERN.test(value)) errors[field] = SUPPORT_INVALID_EMAIL;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
