import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_FAILURE_SHARE } from '../core/sign-in-limits.ts';
import { ADDRESS_SHARE } from '../platform/rate-limit.ts';
import { linkMailedTo, logIn, member, memberSession, ORIGIN } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// Sessions and limits (issue 15, Build 7), beside what the edge, accounts and profile tests
// already prove (the Origin check, CSP, lock-out, sessions ended by a password change or
// reset, reset mails that tell nothing): the headers of every kind of answer, the session
// cookie's flags, login that tells nothing, and a limit on every auth and lookup endpoint
// that holds per client without touching anyone else.

const LIMIT = 1; // AUTH_RATE_LIMIT: one address may stand for ADDRESS_SHARE members

describe('sessions and limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { AUTH_RATE_LIMIT: String(LIMIT), PUBLIC_URL: 'https://flock.example' },
    });
    await memberSession(t, 'known@example.com');
  });
  afterAll(async () => t.close());

  it('sends the security headers on API answers, errors and the 404 alike', async () => {
    for (const url of ['/api/church', '/api/profile', '/api/nowhere']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      // Nothing an API answer could load, frame or run (OWASP's set for REST answers).
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sends pages the whole set, the unknown page too', async () => {
    for (const url of ['/auth', '/profile', '/nowhere']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('keeps answers about a member out of shared caches', async () => {
    const cookie = await memberSession(t, 'cache@example.com');
    for (const url of ['/api/me', '/api/profile', '/api/history', '/api/workers/status']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toContain('no-store');
    }
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole app; Secure and HSTS in production', async () => {
    const res = await logIn(t, 'known@example.com');
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((c) => c.name.includes('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Its value is nowhere in the body a script could read.
    expect(res.body).not.toContain(session!.value);

    const site = 'https://flock.example';
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', DEV_MAILBOX: 'true', PUBLIC_URL: site },
    });
    try {
      const post = (url: string, payload: object) =>
        prod.app.inject({ method: 'POST', url, payload, headers: { origin: site } });
      const email = 'prod@example.com';
      expect((await post('/api/accounts/sign-up', { ...member(email), email })).statusCode).toBe(
        201,
      );
      const link = await linkMailedTo(prod, email);
      expect((await prod.app.inject({ url: link.pathname + link.search })).statusCode).toBe(302);
      const login = await post('/api/auth/sign-in/email', { email, password: 'correct horse 1' });
      expect(login.statusCode).toBe(200);
      const secure = login.cookies.find((c) => c.name.includes('session_token'));
      expect(secure).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
      expect(secure!.name.startsWith('__Secure-')).toBe(true);
      expect(login.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const page = await prod.app.inject({ url: '/auth' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await prod.close();
    }
  });

  it('answers a wrong password and an unknown email exactly alike', async () => {
    const known = await logIn(t, 'known@example.com', 'not the password', '10.40.0.1');
    const unknown = await logIn(t, 'nobody-here@example.com', 'not the password', '10.40.0.2');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.cookies).toEqual([]);
  });

  it('takes a huge email at sign-in and reset without a 500 (its limit key is stored hashed)', async () => {
    const email = `${'a'.repeat(150_000)}@example.com`;
    for (const url of ['/api/auth/sign-in/email', '/api/auth/request-password-reset']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { email, password: 'whatever 123' },
        headers: { origin: ORIGIN },
        remoteAddress: '10.41.0.1',
      });
      // Sign-in refuses it; the reset request answers as for any address (it tells nothing).
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(
        url.includes('sign-in') ? 401 : 200,
      );
    }
  });

  // Every endpoint an outsider can call to guess, look up or send mail: each is limited per
  // client address, and the limit of one address leaves every other address alone (so it
  // cannot be turned against the account it protects).
  // Password entries (sign-in, the workers gate) count failures only, and one address may
  // fail ADDRESS_FAILURE_SHARE times the per-person figure (decision 028); each guess here
  // tries another password, so only the address's ceiling is met.
  /** A POST from the app's Origin and `address`: its status. */
  const post = async (url: string, payload: object, address: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { origin: ORIGIN },
        remoteAddress: address,
      })
    ).statusCode;
  const lookups: {
    name: string;
    share?: number;
    call: (i: number, address: string) => Promise<number>;
  }[] = [
    {
      name: 'sign-in',
      share: ADDRESS_FAILURE_SHARE,
      call: async (i, address) =>
        (await logIn(t, `guess-${i}@example.com`, `wrong password ${i}`, address)).statusCode,
    },
    ...(
      [
        ['request-password-reset', '/api/auth/request-password-reset'],
        ['send-verification-email', '/api/auth/send-verification-email'],
        ['email-available', '/api/accounts/email-available'],
      ] as const
    ).map(([name, url]) => ({
      name,
      call: (i: number, address: string) => post(url, { email: `guess-${i}@example.com` }, address),
    })),
    {
      name: 'reset-password (token guessing)',
      call: (i, address) =>
        post(
          '/api/auth/reset-password',
          { token: `guess${i}`, newPassword: 'a new horse 12' },
          address,
        ),
    },
    {
      name: 'verify-email (token guessing)',
      call: async (i, address) =>
        (
          await t.app.inject({
            url: `/api/auth/verify-email?token=guess${i}`,
            remoteAddress: address,
          })
        ).statusCode,
    },
    {
      name: 'sign-up',
      call: (i, address) => post('/api/accounts/sign-up', { email: `bad-${i}` }, address),
    },
    {
      name: 'workers gate (password guessing)',
      share: ADDRESS_FAILURE_SHARE,
      call: (i, address) =>
        post(
          '/api/workers/gate',
          { email: `guess-${i}@example.com`, password: `guess ${i}` },
          address,
        ),
    },
  ];

  it.each(lookups.map((l, i) => [l.name, l, i] as const))(
    '%s: limited per client address, and only for that address',
    async (_name, lookup, index) => {
      const address = `10.50.${index}.1`;
      const allowed = LIMIT * (lookup.share ?? ADDRESS_SHARE);
      for (let i = 0; i < allowed; i++) {
        expect(await lookup.call(i, address), `attempt ${i + 1}`).not.toBe(429);
      }
      expect(await lookup.call(allowed, address)).toBe(429);
      expect(await lookup.call(allowed + 1, `10.51.${index}.1`)).not.toBe(429);
    },
  );
});
