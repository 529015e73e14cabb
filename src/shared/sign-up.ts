import { assemblyRequired, checkNewPassword } from './accounts.ts';
import { checkEmail } from './email.ts';
import { checkPhone, type PhoneValidator } from './phone.ts';
import { SIGN_UP_NAME_MAX, signUpNameErrors } from './names.ts';

// The sign-up form's rules and texts without zod or the phone library (decision 011): the form
// is the first thing a new member fills in. schemas/accounts.ts builds the server's
// `signUpSchema` from the same texts and checks phones with the library and the whole world's
// metadata (`isValidPhone`); the browser passes its own validator, which loads the number's
// metadata on demand (web/components/phone-check.ts). sign-up.test.ts keeps `checkSignUp` and
// `signUpSchema` in step.

export { assemblyRequired } from './accounts.ts';
export { checkPhone, PHONE_FORMAT, type PhoneValidator } from './phone.ts';

export { SIGN_UP_NAME_MAX, signUpNameErrors, type NameField } from './names.ts';

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

/** Sign-up without email (issue 32): `phoneSignUpSchema`. */
export type PhoneSignUpRequest = Omit<SignUpRequest, 'email'>;

export type PhoneSignUpCheck =
  | { ok: true; values: PhoneSignUpRequest }
  | { ok: false; errors: Partial<Record<keyof PhoneSignUpRequest, string>> };

/** What `phoneSignUpSchema` decides (names, phone, assembly, password), with its messages. */
export function checkPhoneSignUp(
  input: PhoneSignUpRequest,
  isValidPhone: PhoneValidator,
): PhoneSignUpCheck {
  const errors: Partial<Record<keyof PhoneSignUpRequest, string>> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const value = input[field].trim();
    const texts = signUpNameErrors(field);
    if (value.length === 0) errors[field] = texts.required;
    else if (value.length > SIGN_UP_NAME_MAX) errors[field] = texts.tooLong;
  }
  const phone = checkPhone(input.phone, isValidPhone);
  if (phone) errors.phone = phone;
  const assembly = input.assembly.trim();
  if (assembly.length === 0 || assembly.length > 60) errors.assembly = assemblyRequired();
  const password = checkNewPassword(input.password);
  if (password) errors.password = password;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      phone: input.phone.trim(),
      assembly,
      password: input.password,
    },
  };
}

/**
 * What `signUpSchema` decides, with its messages: texts trimmed, the email lower-cased. The
 * phone's validity is asked of `isValidPhone` (the server's own in tests).
 */
export function checkSignUp(input: SignUpRequest, isValidPhone: PhoneValidator): SignUpCheck {
  const details = checkPhoneSignUp(input, isValidPhone);
  const email = checkEmail(input.email);
  if (!details.ok || 'error' in email) {
    return {
      ok: false,
      errors: {
        ...(details.ok ? {} : details.errors),
        ...('error' in email ? { email: email.error } : {}),
      },
    };
  }
  return { ok: true, values: { ...details.values, email: email.email } };
}
