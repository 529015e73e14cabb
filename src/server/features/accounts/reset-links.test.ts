import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, member, postFrom } from '../../testing/accounts.ts';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Issue 31, defect 3: a reset link sent before the password changed (a newer link used, or the
// password changed in the profile) must not set a password any more. Mail leaves through a
// real SMTP server on 127.0.0.1, as in production.

describe('password-reset links end when the password changes', () => {
  let t: TestApp;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object, cookie?: string) => postFrom(t, url, payload, cookie);

  async function confirmedMember(email: string) {
    expect((await post('/api/accounts/sign-up', member(email))).statusCode).toBe(201);
    const [confirm] = await smtp.linksTo(email);
    expect((await t.app.inject({ url: confirm!.pathname + confirm!.search })).statusCode).toBe(302);
  }

  /** Asks for a reset mail and returns the token its link leads to. */
  async function resetToken(email: string, nth: number): Promise<string> {
    await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const links = await smtp.linksTo(email, nth + 1); // the confirmation mail comes first
    const link = links[nth]!;
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\//);
    return link.pathname.split('/').at(-1)!;
  }

  const reset = (token: string, newPassword: string) =>
    post('/api/auth/reset-password', { token, newPassword });
  const signIn = (email: string, password: string) =>
    post('/api/auth/sign-in/email', { email, password });

  it('a newer link used ends the older one', async () => {
    const email = 'two.links@example.com';
    await confirmedMember(email);
    const older = await resetToken(email, 1);
    const newer = await resetToken(email, 2);
    expect((await reset(newer, 'the newer one 1')).statusCode).toBe(200);

    const replay = await reset(older, 'the attacker 1');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('INVALID_TOKEN');
    // The older link's page says so too, and the password is the newer one.
    const opened = await t.app.inject({
      url: `/api/auth/reset-password/${older}?callbackURL=%2Freset-password`,
    });
    expect(String(opened.headers.location)).toContain('error=INVALID_TOKEN');
    expect((await signIn(email, 'the attacker 1')).statusCode).toBe(401);
    expect((await signIn(email, 'the newer one 1')).statusCode).toBe(200);
  });

  it('a password changed in the profile ends every link sent before', async () => {
    const email = 'changed.in.profile@example.com';
    await confirmedMember(email);
    const first = await resetToken(email, 1);
    const second = await resetToken(email, 2);
    const session = cookieHeader(await signIn(email, 'correct horse 1'));
    const changed = await post(
      '/api/profile/password',
      {
        currentPassword: 'correct horse 1',
        newPassword: 'changed at home 1',
        confirmPassword: 'changed at home 1',
      },
      session,
    );
    expect(changed.statusCode).toBe(200);

    for (const token of [first, second]) {
      const replay = await reset(token, 'the attacker 1');
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error.code).toBe('INVALID_TOKEN');
    }
    expect((await signIn(email, 'changed at home 1')).statusCode).toBe(200);
    // A link asked for after the change works as usual.
    const fresh = await resetToken(email, 3);
    expect((await reset(fresh, 'reset after 1')).statusCode).toBe(200);
  });

  it('no confirmation link signs anyone in, before or after a change', async () => {
    const email = 'confirm.link@example.com';
    expect((await post('/api/accounts/sign-up', member(email))).statusCode).toBe(201);
    const [confirm] = await smtp.linksTo(email);
    const opened = await t.app.inject({ url: confirm!.pathname + confirm!.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.cookies.filter((c) => c.name.includes('session'))).toEqual([]);
    const again = await t.app.inject({ url: confirm!.pathname + confirm!.search });
    expect(again.cookies.filter((c) => c.name.includes('session'))).toEqual([]);
  });
});
