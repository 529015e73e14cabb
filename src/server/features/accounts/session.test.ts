import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  logIn,
  memberSession,
  ORIGIN,
  resetPassword,
  someClient,
} from '../../testing/accounts.ts';
import { call } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SessionCache } from '../../platform/session-cache.ts';

// The session lookup a process keeps for a while (SESSION_CACHE_SECONDS, here a minute so
// that a stale answer would show) must be forgotten the moment it stops being true.

const me = (t: TestApp, cookie: string) =>
  t.app.inject({ url: '/api/me', headers: { cookie } }).then((r) => r.json().user);

describe('signed-in requests: one lookup, cached, and forgotten when it changes', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { SESSION_CACHE_SECONDS: '60', ADMIN_EMAILS: 'boss@example.com' },
    });
    admin = await memberSession(t, 'boss@example.com');
  });
  afterAll(async () => t.close());

  it('looks a session up once while it stays cached', async () => {
    const cookie = await memberSession(t, 'cached@example.com');
    await me(t, cookie);
    const statements: string[] = [];
    const stop = t.database.onStatement((text) => statements.push(text));
    const user = await me(t, cookie);
    stop();
    expect(user).toMatchObject({ email: 'cached@example.com', isAdmin: false, finance: null });
    expect(statements).toEqual([]);
  });

  it('refuses a cookie whose signature is not ours, and a made-up token', async () => {
    const cookie = await memberSession(t, 'forged@example.com');
    const [name, value] = cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect(await me(t, forged)).toBeNull();
    expect(await me(t, `${name}=${encodeURIComponent('made-up.token')}`)).toBeNull();
  });

  it('ends on sign-out', async () => {
    const cookie = await memberSession(t, 'leaver@example.com');
    expect(await me(t, cookie)).not.toBeNull();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: ORIGIN, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await me(t, cookie)).toBeNull();
  });

  it("ends the member's other sessions when the password changes", async () => {
    const first = await memberSession(t, 'changer@example.com');
    const second = cookieHeader(await logIn(t, 'changer@example.com'));
    expect(await me(t, second)).not.toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      payload: {
        currentPassword: 'correct horse 1',
        newPassword: 'a new password 2',
        confirmPassword: 'a new password 2',
      },
      headers: { origin: ORIGIN, cookie: first },
      remoteAddress: someClient(),
    });
    expect(res.statusCode).toBe(200);
    expect(await me(t, second)).toBeNull();
  });

  it('ends every session when the password is reset', async () => {
    const cookie = await memberSession(t, 'forgetful@example.com');
    expect(await me(t, cookie)).not.toBeNull();
    const reset = await resetPassword(t, 'forgetful@example.com', 'another new one');
    expect(reset.statusCode).toBe(200);
    expect(await me(t, cookie)).toBeNull();
  });

  it('sees a finance role granted or revoked at once', async () => {
    const cookie = await memberSession(t, 'officer@example.com');
    expect((await me(t, cookie)).finance).toBeNull();
    const grant = await call(t, 'PUT', '/api/admin/finance/officers', admin, {
      email: 'officer@example.com',
      allAssemblies: false,
      assemblies: ['grace'],
    });
    expect(grant.statusCode).toBe(200);
    expect((await me(t, cookie)).finance).toBe('some');
    expect((await call(t, 'GET', '/api/finance/access', cookie)).json().scope).toEqual({
      all: false,
      assemblies: ['grace'],
    });
    const revoke = await call(t, 'POST', '/api/admin/finance/officers/revoke', admin, {
      email: 'officer@example.com',
    });
    expect(revoke.statusCode).toBe(204);
    expect((await me(t, cookie)).finance).toBeNull();
    expect((await call(t, 'GET', '/api/finance/access', cookie)).statusCode).toBe(403);
  });

  it('shows a changed name at once', async () => {
    const cookie = await memberSession(t, 'renamed@example.com');
    expect((await me(t, cookie)).fullName).toBe('Ama Mensah');
    const res = await call(t, 'PATCH', '/api/profile', cookie, {
      fullName: 'Ama Serwaa Mensah',
      phoneNumber: '+233241234567',
      assemblyName: 'bethel',
      location: '',
      dateOfBirth: '',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t, cookie)).fullName).toBe('Ama Serwaa Mensah');
  });
});

describe('the session cache', () => {
  const user = {
    id: 'u1',
    email: 'a@example.com',
    name: 'A',
    isAdmin: false,
    finance: null,
    locale: 'en' as const,
  };

  it('does not store what a lookup read before a forget (a sign-out racing a request)', () => {
    const cache = new SessionCache(60_000);
    const before = cache.generation;
    cache.forget('u1');
    cache.set('cookie', user, 0, 1e9, before);
    expect(cache.get('cookie', 1)).toBeUndefined();
    cache.set('cookie', user, 0, 1e9, cache.generation);
    expect(cache.get('cookie', 1)?.user).toEqual(user);
  });

  it('keeps an answer no longer than its time or the session', () => {
    const cache = new SessionCache(5_000);
    cache.set('a', user, 0, 1e9, cache.generation);
    cache.set('b', user, 0, 2_000, cache.generation);
    expect(cache.get('a', 4_999)).toBeDefined();
    expect(cache.get('a', 5_000)).toBeUndefined();
    expect(cache.get('b', 2_000)).toBeUndefined();
    const off = new SessionCache(0);
    off.set('a', user, 0, 1e9, off.generation);
    expect(off.get('a', 1)).toBeUndefined();
  });
});
