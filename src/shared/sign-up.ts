import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { checkEmail, checkNewPassword } from './accounts.ts';

// The sign-up form's rules and texts without zod (decision 011): the form is the first thing
// a new member fills in. schemas/accounts.ts builds the server's `signUpSchema` from the same
// texts and phone check; sign-up.test.ts keeps `checkSignUp` and `signUpSchema` in step. The
// phone library is here because the phone input on the same form loads it anyway.

export const SIGN_UP_NAME_MAX = 60;
export const signUpNameErrors = (label: string) => ({
  required: `${label} is required.`,
  tooLong: `${label} must be at most ${SIGN_UP_NAME_MAX} characters.`,
});

export const PHONE_ERRORS = {
  required: 'Phone number is required.',
  format: 'Enter the phone number with its country code, at most 15 digits.',
  invalid: 'Enter a valid phone number.',
} as const;

export const ASSEMBLY_REQUIRED = 'Please select your assembly.';

/** A number the phone library knows (any country). */
export const isValidPhone = (value: string) => isValidPhoneNumber(value);

/** International phone number in E.164 (+233…), at most 15 digits: what is wrong, or null. */
export function checkPhone(value: string): string | null {
  const phone = value.trim();
  if (phone.length === 0) return PHONE_ERRORS.required;
  if (!/^\+\d{1,15}$/.test(phone)) return PHONE_ERRORS.format;
  if (!isValidPhone(phone)) return PHONE_ERRORS.invalid;
  return null;
}

export interface SignUpRequest {
  firstName: string;
  lastName: string;
  phone: string;
  assembly: string;
  email: string;
  password: string;
}

export type SignUpCheck =
  | { ok: true; values: SignUpRequest }
  | { ok: false; errors: Partial<Record<keyof SignUpRequest, string>> };

/** What `signUpSchema` decides, with its messages: texts trimmed, the email lower-cased. */
export function checkSignUp(input: SignUpRequest): SignUpCheck {
  const errors: Partial<Record<keyof SignUpRequest, string>> = {};
  const names = { firstName: 'First name', lastName: 'Last name' } as const;
  for (const field of ['firstName', 'lastName'] as const) {
    const value = input[field].trim();
    const texts = signUpNameErrors(names[field]);
    if (value.length === 0) errors[field] = texts.required;
    else if (value.length > SIGN_UP_NAME_MAX) errors[field] = texts.tooLong;
  }
  const phone = checkPhone(input.phone);
  if (phone) errors.phone = phone;
  const assembly = input.assembly.trim();
  if (assembly.length === 0 || assembly.length > 60) errors.assembly = ASSEMBLY_REQUIRED;
  const email = checkEmail(input.email);
  if ('error' in email) errors.email = email.error;
  const password = checkNewPassword(input.password);
  if (password) errors.password = password;
  if (Object.keys(errors).length > 0 || 'error' in email) return { ok: false, errors };
  return {
    ok: true,
    values: {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      phone: input.phone.trim(),
      assembly,
      email: email.email,
      password: input.password,
    },
  };
}
