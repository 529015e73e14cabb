import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, authSessions, devMails, users } from '../../db/schema.ts';
import {
  confirmEmail,
  cookieHeader,
  latestMailTo,
  linkMailedTo,
  logIn,
  memberSession,
  ORIGIN,
  resetPassword,
  signUp,
  someClient,
} from '../../testing/accounts.ts';
import { ADDRESS_SHARE } from '../../platform/rate-limit.ts';
import { ADDRESS_FAILURE_SHARE } from '../../core/sign-in-limits.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { grantAdmin, revokeAdmin } from './accounts.service.ts';
import { m } from '../../../paraglide/messages.js';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: 'Pastor.Admin@example.com', AUTH_RATE_LIMIT: '4' },
    });
  });
  afterAll(async () => t.close());

  it('signs up one users row with the profile fields and mails a confirmation link', async () => {
    const res = await signUp(t, 'Kofi.Asante@Example.com', {
      firstName: 'Kofi',
      lastName: 'Asante',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'kofi.asante@example.com'));
    expect(row).toMatchObject({
      fullName: 'Kofi Asante',
      phoneNumber: '+233241234567',
      assemblyName: 'bethel',
      emailVerified: false,
    });
    const mail = await latestMailTo(t, 'kofi.asante@example.com');
    expect(mail?.subject).toBe('Confirm your Flock account');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
  });

  it('refuses to log in before the email is confirmed, then allows it after', async () => {
    expect((await signUp(t, 'yaw@example.com')).statusCode).toBe(201);
    const before = await logIn(t, 'yaw@example.com');
    expect(before.statusCode).toBe(403);
    expect(before.json().error.code).toBe('EMAIL_NOT_VERIFIED');

    const confirmed = await confirmEmail(t, 'yaw@example.com');
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/auth?verified=1');

    const after = await logIn(t, 'YAW@example.com');
    expect(after.statusCode).toBe(200);
    const cookie = String(after.headers['set-cookie']);
    expect(cookie).toContain('flock.session_token=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');

    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookieHeader(after) } });
    expect(me.json()).toEqual({
      user: {
        id: expect.any(String),
        email: 'yaw@example.com',
        fullName: 'Ama Mensah',
        firstName: 'Ama',
        isAdmin: false,
        finance: null,
      },
    });
  });

  it('answers /api/me with no user for a visitor', async () => {
    expect((await t.app.inject('/api/me')).json()).toEqual({ user: null });
  });

  it('refuses an email that is taken, whatever its case', async () => {
    expect((await signUp(t, 'esi@example.com')).statusCode).toBe(201);
    const again = await signUp(t, 'ESI@Example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'EMAIL_TAKEN',
      message: m.shared_accounts_email_taken(),
    });
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(email) = 'esi@example.com'`);
    expect(count[0]?.n).toBe(1);
  });

  it('checks email availability case-insensitively', async () => {
    const check = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/email-available',
        payload: { email },
        headers: { origin: ORIGIN },
        remoteAddress: '10.3.0.1',
      });
    expect((await check('ESI@EXAMPLE.COM')).json()).toEqual({ available: false });
    expect((await check('nobody@example.com')).json()).toEqual({ available: true });
    expect((await check('not an email')).statusCode).toBe(400);
  });

  it('rate-limits the email check per client so it cannot list members', async () => {
    const check = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/email-available',
        payload: { email: 'x@example.com' },
        headers: { origin: ORIGIN },
        remoteAddress: ip,
      });
    // AUTH_RATE_LIMIT=4, and one address may stand for ADDRESS_SHARE members.
    for (let i = 0; i < 4 * ADDRESS_SHARE; i++) {
      expect((await check('10.3.0.2')).statusCode).toBe(200);
    }
    expect((await check('10.3.0.2')).statusCode).toBe(429);
    expect((await check('10.3.0.3')).statusCode).toBe(200);
  });

  it('refuses bad sign-up input with a message per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload: {
        firstName: '',
        lastName: 'B',
        phone: '+23312',
        assembly: '',
        email: 'no',
        password: 'short',
      },
      headers: { origin: ORIGIN },
      remoteAddress: '10.4.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      firstName: 'First name is required.',
      phone: 'Enter a valid phone number.',
      assembly: 'Please select your assembly.',
      email: 'Enter a valid email address.',
      password: 'Password must be at least 8 characters.',
    });
  });

  it('refuses an assembly that is not offered and unknown fields', async () => {
    const assembly = await signUp(t, 'kojo@example.com', { assembly: 'atlantis' });
    expect(assembly.statusCode).toBe(400);
    expect(assembly.json().error.fields).toEqual({ assembly: 'Please select your assembly.' });
    const unknown = await signUp(t, 'kojo@example.com', { role: 'admin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown field: role.');
  });

  it("keeps the auth library's own sign-up closed (it would skip our checks)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'X', email: 'x2@example.com', password: 'longenough1' },
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(404);
  });

  it('shows a wrong password as the library message in our error shape', async () => {
    const res = await logIn(t, 'yaw@example.com', 'wrong password', '10.5.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
  });

  it('limits failed sign-ins per client address, and a forged X-Forwarded-For does not help', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `nobody-${i}@example.com`, password: `whatever ${i}` },
        headers: { origin: ORIGIN, 'x-forwarded-for': `1.1.1.${i % 250}` },
        remoteAddress: '10.6.0.1',
      });
    // AUTH_RATE_LIMIT=4, and one address may fail ADDRESS_FAILURE_SHARE times that.
    for (let i = 0; i < 4 * ADDRESS_FAILURE_SHARE; i++) {
      expect((await attempt(i)).statusCode).toBe(401);
    }
    const limited = await attempt(999);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // 120 password checks (scrypt each): room for a machine busy with other work.
  }, 120_000);

  it("cannot be turned into a lock-out: another client's failures never refuse the owner", async () => {
    await memberSession(t, 'kwame@example.com');
    // Someone else fails at Kwame's password, well past the limit, from one address…
    for (let i = 0; i < 9; i++) await logIn(t, 'kwame@example.com', 'guess 12345', '10.7.1.1');
    expect((await logIn(t, 'kwame@example.com', 'guess 12345', '10.7.1.1')).statusCode).toBe(429);
    // …and from a few more.
    for (const ip of ['10.7.1.2', '10.7.1.3']) {
      for (let i = 0; i < 5; i++) await logIn(t, 'kwame@example.com', 'guess 12345', ip);
    }
    // Kwame's right password from his own phone still works.
    expect((await logIn(t, 'kwame@example.com', 'correct horse 1', '10.7.1.50')).statusCode).toBe(
      200,
    );
  });

  it('limits sign-in attempts per account and client', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await logIn(t, 'esi@example.com', 'wrong password', '10.7.0.1')).statusCode).toBe(
        401,
      );
    }
    const limited = await logIn(t, 'esi@example.com', 'wrong password', '10.7.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Too many attempts for this account. Please wait a few minutes and try again.',
    );
  });

  it('logs out on the server', async () => {
    const cookie = await memberSession(t, 'abena@example.com');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user.email).toBe(
      'abena@example.com',
    );
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      headers: { cookie, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json()).toEqual({
      user: null,
    });
  });

  it('resets a forgotten password through the mailed link, without revealing unknown emails', async () => {
    await memberSession(t, 'adjoa@example.com');
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email, redirectTo: '/reset-password' },
        headers: { origin: ORIGIN },
        remoteAddress: '10.8.0.1',
      });
    const unknown = await ask('ghost@example.com');
    const known = await ask('adjoa@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const link = await linkMailedTo(t, 'adjoa@example.com');
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\//);
    const redirect = await t.app.inject({ url: link.pathname + link.search });
    expect(redirect.statusCode).toBe(302);
    const target = new URL(String(redirect.headers.location), ORIGIN);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'a brand new one', token },
      headers: { origin: ORIGIN },
    });
    expect(reset.statusCode).toBe(200);
    expect((await logIn(t, 'adjoa@example.com', 'correct horse 1', '10.8.0.2')).statusCode).toBe(
      401,
    );
    expect((await logIn(t, 'adjoa@example.com', 'a brand new one', '10.8.0.3')).statusCode).toBe(
      200,
    );
  });

  it('makes ADMIN_EMAILS accounts admins when they sign up', async () => {
    const cookie = await memberSession(t, 'pastor.admin@example.com');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user.isAdmin).toBe(
      true,
    );
  });

  it('grants and revokes admin by email', async () => {
    await memberSession(t, 'deacon@example.com');
    expect(await grantAdmin(t, 'DEACON@example.com')).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'deacon@example.com'));
    expect(await t.db.select().from(admins).where(eq(admins.userId, user!.id))).toHaveLength(1);
    expect(await revokeAdmin(t, 'deacon@example.com')).toBe(true);
    expect(await t.db.select().from(admins).where(eq(admins.userId, user!.id))).toHaveLength(0);
    expect(await grantAdmin(t, 'nobody-here@example.com')).toBe(false);
  });

  it('keeps sessions in the database', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(authSessions);
    await logIn(t, 'deacon@example.com', 'correct horse 1', '10.8.1.1');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(authSessions);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it('exposes only the auth library endpoints the app uses (its own change-password is closed)', async () => {
    const cookie = await memberSession(t, 'allow.list@example.com');
    for (const [method, url] of [
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/sign-out'],
      ['POST', '/api/auth/send-verification-email'],
      ['GET', '/api/auth/verify-email'],
      ['POST', '/api/auth/request-password-reset'],
      ['GET', '/api/auth/reset-password/:token'],
      ['POST', '/api/auth/reset-password'],
    ] as const) {
      expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
    }
    for (const [method, url, payload] of [
      [
        'POST',
        '/api/auth/change-password',
        { currentPassword: 'correct horse 1', newPassword: 'changed by them 1' },
      ],
      ['POST', '/api/auth/update-user', { name: 'Evil' }],
      ['GET', '/api/auth/get-session', undefined],
      ['GET', '/api/auth/list-sessions', undefined],
      ['POST', '/api/auth/revoke-sessions', {}],
      [
        'POST',
        '/api/auth/sign-up/email',
        { name: 'X', email: 'x@example.com', password: 'long enough 1' },
      ],
      ['POST', '/api/auth/delete-user', {}],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: { cookie, origin: ORIGIN },
        remoteAddress: someClient(),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // The password did not change.
    expect((await logIn(t, 'allow.list@example.com', 'correct horse 1')).statusCode).toBe(200);
  });

  it('ends every other session when the password is reset', async () => {
    const email = 'reset.ends@example.com';
    const laptop = await memberSession(t, email);
    const reset = await resetPassword(t, email, 'reset and safe 1');
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: laptop } })).json()).toEqual({
      user: null,
    });
  });

  it('sends at most a few reset mails per account per hour, answering the same either way', async () => {
    const email = 'flooded@example.com';
    await memberSession(t, email);
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devMails)
      .where(sql`${devMails.to} = ${email}`);
    const bodies = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email, redirectTo: '/reset-password' },
        headers: { origin: ORIGIN },
        remoteAddress: someClient(),
      });
      expect(res.statusCode).toBe(200);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(devMails)
      .where(sql`${devMails.to} = ${email}`);
    expect(after[0]!.n - before[0]!.n).toBe(5);
  });

  it('limits the email check across all clients too, so nobody can list members', async () => {
    let refused = 0;
    let i = 0;
    // 1000 per window in all; every client stays under its own limit.
    while (i < 1100 && refused === 0) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/email-available',
        payload: { email: `probe${i}@example.com` },
        headers: { origin: ORIGIN },
        remoteAddress: `10.40.${Math.floor(i / 20)}.${i % 20}`,
      });
      if (res.statusCode === 429) refused = i;
      i++;
    }
    expect(refused).toBeGreaterThan(900);
    expect(refused).toBeLessThanOrEqual(1000);
  });
});
