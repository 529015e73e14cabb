// The support request's rules and texts, without zod: the support button is on every screen,
// and its form should not bring the schema library (decision 011). schemas/support.ts builds
// the server's zod schema from the same values; support.test.ts keeps the two in step.
import { m } from '../paraglide/messages.js';
import { EMAIL_PATTERN } from './email.ts';

export const SUPPORT_FIELDS = {
  full_name: {
    max: 120,
    get required() {
      return m.shared_support_full_name_required();
    },
    get label() {
      return m.shared_support_full_name();
    },
  },
  email: {
    max: 254,
    get required() {
      return m.shared_accounts_email_required();
    },
    get label() {
      return m.shared_support_email();
    },
  },
  title: {
    max: 150,
    get required() {
      return m.shared_support_title_required();
    },
    get label() {
      return m.shared_support_title();
    },
  },
  issue: {
    max: 5000,
    get required() {
      return m.shared_support_issue_required();
    },
    get label() {
      return m.shared_support_issue();
    },
  },
};

/** 'Enter a valid email address.' */
export const supportInvalidEmail = () => m.shared_accounts_email_invalid();

export type SupportField = keyof typeof SUPPORT_FIELDS;
/** The form's values: an email left empty is none. */
export type SupportRequest = Record<SupportField, string>;
/** What the server takes: every field trimmed, no email as null. */
export type SupportValues = Omit<SupportRequest, 'email'> & { email: string | null };

export const supportTooLong = (field: SupportField) =>
  m.shared_support_too_long({ label: SUPPORT_FIELDS[field].label, max: SUPPORT_FIELDS[field].max });

export type SupportCheck =
  | { ok: true; values: SupportValues }
  | { ok: false; errors: Partial<Record<SupportField, string>> };

/**
 * What `supportRequestSchema` decides, with its messages: every field trimmed. The schema takes
 * a request without an email (the server then answers on a member's proved phone, decision
 * 054); the form asks for one (`emailRequired`) unless the member has no email.
 */
export function checkSupportRequest(
  input: SupportRequest,
  { emailRequired = true }: { emailRequired?: boolean } = {},
): SupportCheck {
  const values = {} as SupportRequest;
  const errors: Partial<Record<SupportField, string>> = {};
  for (const field of Object.keys(SUPPORT_FIELDS) as SupportField[]) {
    const value = input[field].trim();
    values[field] = value;
    if (value.length === 0) {
      if (field !== 'email' || emailRequired) errors[field] = SUPPORT_FIELDS[field].required;
    } else if (value.length > SUPPORT_FIELDS[field].max) errors[field] = supportTooLong(field);
    else if (field === 'email' && !EMAIL_PATTERN.test(value)) errors[field] = supportInvalidEmail();
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, values: { ...values, email: values.email || null } };
}
