import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, memberSession, ORIGIN, postFrom, signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// Issue 47, item 7: `/language/en?next=/.//evil.example` answered `303 Location:
// //evil.example`. Every redirect parameter the server takes — the language link's `next`,
// the auth library's `callbackURL` and `redirectTo` (a reset link's return, where its token
// goes) — now stays on this site.

const OFF_SITE = [
  '/.//evil.example',
  '/%2e//evil.example',
  '/./\\evil.example',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example',
];

describe('redirects', () => {
  let t: TestApp;
  const site = new URL(ORIGIN).origin;
  /** Where a browser on the site goes when told `location`. */
  const target = (location: unknown) => new URL(String(location), ORIGIN);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('the language link goes back only to a path of this site', async () => {
    const attack = await t.app.inject({ url: '/language/en?next=/.//evil.example' });
    expect(attack.statusCode).toBe(303);
    expect(attack.headers.location).toBe('/');
    for (const next of OFF_SITE) {
      const res = await t.app.inject({ url: `/language/en?next=${encodeURIComponent(next)}` });
      expect(res.headers.location, next).toBe('/');
    }
    const home = await t.app.inject({ url: '/language/ak?next=%2Fprofile%3Ftab%3D1' });
    expect(home.headers.location).toBe('/profile?tab=1');
  });

  it("the auth library's links return only to this site, whatever callbackURL says", async () => {
    for (const next of OFF_SITE) {
      const reset = await t.app.inject({
        url: `/api/auth/reset-password/forged?callbackURL=${encodeURIComponent(next)}`,
      });
      expect(reset.statusCode, next).toBe(302);
      expect(target(reset.headers.location).origin, `${next} → ${reset.headers.location}`).toBe(
        site,
      );
      expect(target(reset.headers.location).pathname).toBe('/');
      const verify = await t.app.inject({
        url: `/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent(next)}`,
      });
      // (A 500 before for '//evil.example': the library could not add its error to it.)
      expect(verify.statusCode, next).toBe(302);
      expect(target(verify.headers.location).origin, `${next} → ${verify.headers.location}`).toBe(
        site,
      );
    }
  });

  it("a reset asked for with another site's redirectTo mails a link that returns here with the token", async () => {
    const email = 'redirect.victim@example.com';
    await memberSession(t, email);
    const asked = await postFrom(t, '/api/auth/request-password-reset', {
      email,
      redirectTo: 'https://evil.example/steal',
    });
    expect(asked.statusCode).toBe(200);
    const mail = await latestMailTo(t, email);
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.searchParams.get('callbackURL')).toBe('/');
    // The member follows their genuine mail: the token stays on this site.
    const followed = await t.app.inject({ url: link.pathname + link.search });
    expect(followed.statusCode).toBe(302);
    const to = target(followed.headers.location);
    expect(to.origin).toBe(site);
    expect(to.searchParams.get('token')).toMatch(/\w+/);

    // The same for a confirmation mail asked for again with another site's callbackURL.
    expect((await signUp(t, 'redirect.new@example.com')).statusCode).toBe(201);
    const again = await postFrom(t, '/api/auth/send-verification-email', {
      email: 'redirect.new@example.com',
      callbackURL: '/.//evil.example',
    });
    expect(again.statusCode).toBe(200);
    const confirm = await latestMailTo(t, 'redirect.new@example.com');
    const confirmLink = new URL(confirm!.text.match(/https?:\/\/\S+/)![0]);
    expect(confirmLink.searchParams.get('callbackURL')).toBe('/');
    const confirmed = await t.app.inject({ url: confirmLink.pathname + confirmLink.search });
    expect(target(confirmed.headers.location).origin).toBe(site);
  });
});
