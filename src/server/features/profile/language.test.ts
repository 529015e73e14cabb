import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { LANGUAGE_CHOSEN_COOKIE } from './language.ts';
import {
  confirmEmail,
  member,
  memberSession,
  ORIGIN,
  signUp,
  someClient,
} from '../../testing/accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Decision 043: the member's language, kept on the account and in the catalogue's cookie.
describe('language', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await memberSession(t, 'kofi@example.com');
  });
  afterAll(async () => t.close());

  const localeOf = async (email: string) =>
    (await t.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]
      ?.locale;
  const choose = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile/language',
      payload: payload as object,
      headers: { origin: ORIGIN, ...headers },
    });

  it('is English for a new account', async () => {
    expect(await localeOf('kofi@example.com')).toBe('en');
  });

  it('is kept for the account and the browser, and answered in the language chosen', async () => {
    const res = await choose({ locale: 'ak' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locale: 'ak', message: 'Yɛakora kasa no: Twi.' });
    expect(res.headers['set-cookie']).toMatch(
      /^PARAGLIDE_LOCALE=ak; Path=\/; Max-Age=\d+; SameSite=Lax$/,
    );
    expect(await localeOf('kofi@example.com')).toBe('ak');

    const back = await choose({ locale: 'en' });
    expect(back.json()).toEqual({ locale: 'en', message: 'Language saved: English.' });
    expect(await localeOf('kofi@example.com')).toBe('en');
  });

  it('refuses a language the catalogue does not have, and visitors without a session', async () => {
    for (const payload of [{ locale: 'tw' }, { locale: 'ak', extra: 1 }, {}, ['ak']]) {
      const res = await choose(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const guest = await choose({ locale: 'ak' }, {});
    expect(guest.statusCode).toBe(401);
    expect(await localeOf('kofi@example.com')).toBe('en');
  });

  // Decision 053: the cookie alone is what this browser showed last (perhaps another member's
  // language); a choice made on the login screen is marked as one.
  const languageCookies = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
    Object.fromEntries(
      res.cookies
        .filter((c) => c.name === 'PARAGLIDE_LOCALE' || c.name === LANGUAGE_CHOSEN_COOKIE)
        .map((c) => [c.name, c.maxAge === 0 ? null : c.value]),
    );
  const signIn = (headers: Record<string, string>, password = 'correct horse 1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'kofi@example.com', password },
      headers: { origin: ORIGIN, ...headers },
      remoteAddress: someClient(),
    });

  it('chosen on the login screen, becomes the account’s at sign-in', async () => {
    const chose = await signIn({ cookie: `PARAGLIDE_LOCALE=ak; ${LANGUAGE_CHOSEN_COOKIE}=1` });
    expect(chose.statusCode).toBe(200);
    expect(await localeOf('kofi@example.com')).toBe('ak');
    // Taken: the mark goes, the language stays.
    expect(languageCookies(chose)).toEqual({
      PARAGLIDE_LOCALE: 'ak',
      [LANGUAGE_CHOSEN_COOKIE]: null,
    });
    // A wrong password changes nothing.
    const wrong = await signIn(
      { cookie: `PARAGLIDE_LOCALE=en; ${LANGUAGE_CHOSEN_COOKIE}=1` },
      'wrong horse 1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(languageCookies(wrong)).toEqual({});
    expect(await localeOf('kofi@example.com')).toBe('ak');
  });

  it('without a choice, the browser takes the account’s at sign-in (issue 48)', async () => {
    // A fresh browser: the member's Twi, not English.
    const fresh = await signIn({});
    expect(fresh.statusCode).toBe(200);
    expect(languageCookies(fresh)).toEqual({ PARAGLIDE_LOCALE: 'ak' });
    // A browser where another member's English was left: the account keeps its Twi.
    const shared = await signIn({ cookie: 'PARAGLIDE_LOCALE=en' });
    expect(languageCookies(shared)).toEqual({ PARAGLIDE_LOCALE: 'ak' });
    expect(await localeOf('kofi@example.com')).toBe('ak');
    // Already in it: nothing to set.
    expect(languageCookies(await signIn({ cookie: 'PARAGLIDE_LOCALE=ak' }))).toEqual({});
  });

  it('chosen before signing up, is the new account’s', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload: member('yaa@example.com'),
      headers: { origin: ORIGIN, cookie: 'PARAGLIDE_LOCALE=ak' },
      remoteAddress: someClient(),
    });
    expect(res.statusCode).toBe(201);
    expect(await localeOf('yaa@example.com')).toBe('ak');
    expect((await signUp(t, 'esi@example.com')).statusCode).toBe(201);
    expect((await confirmEmail(t, 'esi@example.com')).statusCode).toBe(302);
    expect(await localeOf('esi@example.com')).toBe('en');
  });

  it('switches by a link, for guests and members, back to a screen of this site', async () => {
    const link = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url, headers });
    const guest = await link('/language/ak?next=%2Fauth%3Fmode%3Dsignup');
    expect(guest.statusCode).toBe(303);
    expect(guest.headers.location).toBe('/auth?mode=signup');
    expect(languageCookies(guest)).toEqual({
      PARAGLIDE_LOCALE: 'ak',
      [LANGUAGE_CHOSEN_COOKIE]: '1',
    });
    expect(guest.headers['cache-control']).toBe('no-store');

    const member = await link('/language/ak?next=/profile', {
      cookie: `${cookie}; ${LANGUAGE_CHOSEN_COOKIE}=1`,
    });
    expect(member.headers.location).toBe('/profile');
    // A member's choice is the account's already: no mark for the next sign-in.
    expect(languageCookies(member)).toEqual({
      PARAGLIDE_LOCALE: 'ak',
      [LANGUAGE_CHOSEN_COOKIE]: null,
    });
    expect(await localeOf('kofi@example.com')).toBe('ak');
    await link('/language/en?next=/profile', { cookie });
    expect(await localeOf('kofi@example.com')).toBe('en');

    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      '',
      'profile',
    ]) {
      const res = await link(`/language/en?next=${encodeURIComponent(next)}`);
      expect(res.headers.location, next).toBe('/');
    }
    expect((await link('/language/fr?next=/auth')).statusCode).toBe(400);
  });
});
