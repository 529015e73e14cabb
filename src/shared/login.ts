import { passwordRequired } from './accounts.ts';
import { checkEmail } from './email.ts';

// The login form's check (the first screen): what `loginSchema` decides, without zod.

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginCheck =
  | { ok: true; values: LoginValues }
  | { ok: false; errors: Partial<Record<keyof LoginValues, string>> };

/** What `loginSchema` decides, with its messages: the email trimmed and lower-cased. */
export function checkLogin({ email, password }: LoginValues): LoginCheck {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const checked = checkEmail(email);
  if ('error' in checked) errors.email = checked.error;
  if (password.length === 0) errors.password = passwordRequired();
  if ('error' in checked || errors.password) return { ok: false, errors };
  return { ok: true, values: { email: checked.email, password } };
}
