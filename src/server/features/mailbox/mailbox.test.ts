import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_SHARE } from '../../platform/rate-limit.ts';
import { createDevSmsSender } from '../../platform/sms/sms.ts';
import { FAKE_SMS } from '../../testing/fake-sms.ts';
import { ORIGIN, useMembers } from '../../testing/accounts.ts';
import { createTestApp, useTestApp, type TestApp } from '../../testing/test-app.ts';

/** The app, with its admin (boss@example.com) and a member signed in. */
function useMailboxApp() {
  const t = useTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  return { t, cookies: useMembers(t, { admin: 'boss@example.com', member: 'plain@example.com' }) };
}

describe('dev mailbox', () => {
  const { t, cookies } = useMailboxApp();

  const open = (remoteAddress: string, cookie?: string) =>
    t.app.inject({ url: '/dev/mailbox.json', remoteAddress, headers: cookie ? { cookie } : {} });

  it('shows kept mail to requests from this machine', async () => {
    const res = await open('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json().mails.map((m: { to: string }) => m.to)).toContain('plain@example.com');
    const page = await t.app.inject({ url: '/dev/mailbox', remoteAddress: '::1' });
    expect(page.body).toContain('Confirm your Flock account');
  });

  it('refuses other machines, members included, but not admins', async () => {
    expect((await open('203.0.113.9')).statusCode).toBe(403);
    expect((await open('203.0.113.9', cookies.member)).statusCode).toBe(403);
    expect((await open('203.0.113.9', cookies.admin)).statusCode).toBe(200);
  });

  it('speaks the language of the request: Twi pages and refusals to a Twi browser', async () => {
    const twi = 'PARAGLIDE_LOCALE=ak';
    const page = await t.app.inject({
      url: '/dev/mailbox',
      remoteAddress: '::1',
      headers: { cookie: twi },
    });
    expect(page.body).toContain('<html lang="ak">');
    expect(page.body).toContain('Wɔnhyehyɛɛ SMTP, enti yɛkora mail wɔ ha sen sɛ yɛde bɛkɔ.');
    const refused = await open('203.0.113.9', `${cookies.member}; ${twi}`);
    expect(refused.json().error.message).toBe(
      'Mfiri yi so anaa admin nkutoo na wotumi hwɛ dev email adaka no.',
    );
    expect((await open('203.0.113.9', cookies.member)).json().error.message).toBe(
      'The dev mailbox is only available on this machine or to admins.',
    );
  });

  it('does not exist when SMTP is configured', async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      expect((await smtp.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });

  it('is never cached', async () => {
    const res = await open('127.0.0.1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await open('203.0.113.9')).headers['cache-control']).toBe('no-store');
  });

  it('never takes a forwarded request for a local one, whatever the headers say', async () => {
    // A proxy on this machine forwards an outsider: the socket is loopback, but it is not local.
    const viaProxy = await t.app.inject({
      url: '/dev/mailbox.json',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(viaProxy.statusCode).toBe(403);
    // An outsider who writes a loopback address into the header gets nothing either.
    const spoofed = await t.app.inject({
      url: '/dev/mailbox.json',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(403);
  });
});

describe('dev outbox', () => {
  const { t, cookies } = useMailboxApp();
  beforeAll(async () => {
    const outbox = createDevSmsSender(t.db, t.app.log);
    await outbox.send({ to: '+233241234567', text: 'Your Flock code is 482913' });
    await outbox.send({ to: '+233201234567', text: `Yɛda wo ase. ${'ɔ'.repeat(70)}` });
  });

  const open = (url: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({ url, remoteAddress, headers: cookie ? { cookie } : {} });

  it('shows kept SMS with its encoding and segments to this machine, never cached', async () => {
    const res = await open('/dev/outbox.json', '127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const messages = res.json().messages as { to: string; encoding: string; segments: number }[];
    expect(messages.map((m) => [m.to, m.encoding, m.segments])).toEqual([
      ['+233201234567', 'UCS-2', 2],
      ['+233241234567', 'GSM-7', 1],
    ]);
    const page = await open('/dev/outbox', '::1');
    expect(page.body).toContain('Your Flock code is 482913');
    expect(page.body).toContain('UCS-2, 2 segments');
  });

  it('refuses other machines, members included, but not admins', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      expect((await open(url, '203.0.113.9')).statusCode).toBe(403);
      expect((await open(url, '203.0.113.9', cookies.member)).statusCode).toBe(403);
      expect((await open(url, '203.0.113.9', cookies.admin)).statusCode).toBe(200);
    }
  });

  it('does not exist when an SMS gateway is configured', async () => {
    const real = await createTestApp({
      env: { SMS_PROVIDER: 'arkesel', SMS_API_KEY: FAKE_SMS.apiKey },
    });
    try {
      expect((await real.app.inject({ url: '/dev/outbox.json' })).statusCode).toBe(404);
      // The dev mailbox is another matter: still there without SMTP.
      expect((await real.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(200);
    } finally {
      await real.close();
    }
  });
});

/** An email check (rate-limited per client) through the proxy on 127.0.0.1. */
const emailCheckVia = (t: TestApp, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/email-available',
    payload: { email: 'x@example.com' },
    remoteAddress: '127.0.0.1',
    headers: { origin: ORIGIN, 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY, in every documented form', () => {
  // Behind a reverse proxy on 127.0.0.1 that appends the client to X-Forwarded-For.
  const viaProxy = (t: TestApp, url: string, forwardedFor: string, extra = {}) =>
    t.app.inject({
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor, ...extra },
    });

  for (const trustProxy of ['1', 'true', '127.0.0.1', '127.0.0.0/8']) {
    it(`TRUST_PROXY=${trustProxy}: outsiders through the proxy are not local and each has its own limit`, async () => {
      const t = await createTestApp({
        env: { TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT: '1' },
      });
      try {
        expect((await viaProxy(t, '/dev/mailbox.json', '203.0.113.9')).statusCode).toBe(403);
        // The client writes a loopback address itself; the proxy appends the real one.
        expect((await viaProxy(t, '/dev/mailbox.json', '127.0.0.1, 203.0.113.9')).statusCode).toBe(
          403,
        );
        // Rate limits see each client behind the proxy, not one shared proxy address:
        // AUTH_RATE_LIMIT=1 → ADDRESS_SHARE email checks per client address.
        const check = (client: string) => emailCheckVia(t, client);
        for (let i = 0; i < ADDRESS_SHARE; i++) {
          expect((await check('198.51.100.1')).statusCode).toBe(200);
        }
        expect((await check('198.51.100.1')).statusCode).toBe(429);
        expect((await check('198.51.100.2')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  }

  it('TRUST_PROXY=1 ignores what a client adds in front of the proxy hop', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT: '1' } });
    try {
      const check = (forwardedFor: string) => emailCheckVia(t, forwardedFor);
      // The same real client (last hop) with a different forged prefix each time: one bucket.
      for (let i = 0; i < ADDRESS_SHARE; i++) {
        expect((await check(`10.0.0.${i}, 198.51.100.7`)).statusCode).toBe(200);
      }
      expect((await check('10.0.0.99, 198.51.100.7')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
