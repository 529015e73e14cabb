import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './accounts.ts';
import { checkEmail } from './email.ts';
import { checkLogin } from './login.ts';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from './schemas/accounts.ts';

// The login form checks with `checkLogin` (no zod on the first screen); the server checks with
// `loginSchema`. They must refuse the same input with the same words and agree on the value.
const cases: { email: string; password: string }[] = [
  { email: '', password: '' },
  { email: '   ', password: 'x' },
  { email: 'ama@example.com', password: '' },
  { email: '  Ama.Mensah@Example.COM ', password: 'secret' },
  { email: 'ama@example', password: 'secret' },
  { email: 'ama@@example.com', password: 'secret' },
  { email: '.ama@example.com', password: 'secret' },
  { email: 'ama..mensah@example.com', password: 'secret' },
  { email: "o'neil+church@mail.example.org", password: ' ' },
  { email: 'ama@-example.com', password: 'secret' },
  { email: 'ama@example.c', password: 'secret' },
  { email: `${'a'.repeat(250)}@example.com`, password: 'secret' },
  { email: 'ama mensah@example.com', password: 'secret' },
  { email: 'ama@exämple.com', password: 'secret' },
];

describe('checkLogin', () => {
  it.each(cases)('agrees with loginSchema on %j', (input) => {
    const ours = checkLogin(input);
    const theirs = loginSchema.safeParse(input);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) {
      expect(ours.values).toEqual(theirs.data);
    } else if (!ours.ok && !theirs.success) {
      const first = (field: string) =>
        theirs.error.issues.find((issue) => issue.path[0] === field)?.message;
      expect(ours.errors.email).toBe(first('email'));
      expect(ours.errors.password).toBe(first('password'));
    }
  });
});

// The forgot and reset password forms check with `checkEmail` and `checkNewPassword` (no zod);
// the server with `forgotPasswordSchema` and `resetPasswordSchema`.
describe('checkEmail', () => {
  it.each(cases.map((c) => c.email))('agrees with forgotPasswordSchema on %j', (email) => {
    const ours = checkEmail(email);
    const theirs = forgotPasswordSchema.safeParse({ email });
    if (theirs.success) expect(ours).toEqual({ email: theirs.data.email });
    else expect(ours).toEqual({ error: theirs.error.issues[0]?.message });
  });
});

describe('checkNewPassword', () => {
  it.each(['', 'x', 'seven77', 'eight888', ' '.repeat(8), 'p'.repeat(128), 'p'.repeat(129)])(
    'agrees with resetPasswordSchema on %j',
    (password) => {
      const theirs = resetPasswordSchema.safeParse({ password });
      expect(checkNewPassword(password)).toBe(
        theirs.success ? null : theirs.error.issues[0]?.message,
      );
    },
  );
});
