import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSession, ORIGIN, someClient } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { findTextProblem, MAX_JSON_DEPTH } from './edge.ts';

// Issue 15's probe defects 2, 3, 4, 8 and 11: each a class of bug, refused once at the edge.

const nested = (depth: number) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('findTextProblem', () => {
  it('finds NUL bytes and unpaired surrogates in keys and values at any depth', () => {
    expect(findTextProblem({ a: ['fine', { b: 'é 🙏 ok' }] })).toBeNull();
    expect(findTextProblem({ a: ['x\u0000y'] })).toBe('nul');
    expect(findTextProblem({ ['k\u0000']: 1 })).toBe('nul');
    expect(findTextProblem('é\udfff')).toBe('surrogate');
    expect(findTextProblem({ a: '\ud83d' })).toBe('surrogate');
    expect(findTextProblem({ a: '\ud83d\ude4f' })).toBeNull(); // a paired surrogate: 🙏
  });

  it('refuses nesting past the limit without overflowing the stack itself', () => {
    expect(findTextProblem(nested(MAX_JSON_DEPTH - 1))).toBeNull();
    expect(findTextProblem(nested(MAX_JSON_DEPTH + 1))).toBe('depth');
    expect(findTextProblem(nested(100_000))).toBe('depth');
  });
});

describe('the edge', () => {
  let t: TestApp;
  let member: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'edge.admin@example.com' } });
    member = await memberSession(t, 'edge.member@example.com');
    admin = await memberSession(t, 'edge.admin@example.com');
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress: someClient(),
    });

  const expectRefusedText = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'INVALID_TEXT' } });
  };

  const support = {
    full_name: 'Ama Mensah',
    email: 'ama@example.com',
    title: 'Help',
    issue: 'My tithe',
  };

  it('refuses a NUL byte in a path, a query and any body, auth routes included (not a 500)', async () => {
    expectRefusedText(await t.app.inject('/api/sermons/%00'));
    expectRefusedText(await t.app.inject('/api/auth/reset-password/%00?callbackURL=/x'));
    expectRefusedText(await t.app.inject('/api/auth/verify-email?token=a%00b'));
    expectRefusedText(await post('/api/support', { ...support, issue: 'a\u0000b' }));
    expectRefusedText(
      await post('/api/auth/sign-in/email', { email: 'a\u0000@example.com', password: 'x' }),
    );
    expectRefusedText(
      await post('/api/auth/request-password-reset', { email: 'a@example.com\u0000' }),
    );
    expectRefusedText(
      await post('/api/auth/reset-password', { token: '\u0000', newPassword: 'a' }),
    );
    expectRefusedText(
      await post('/api/accounts/sign-up', {
        firstName: 'A\u0000',
        lastName: 'B',
        phone: '+233241234567',
        assembly: 'grace',
        email: 'nul@example.com',
        password: 'long enough 1',
      }),
    );
    expectRefusedText(
      await post(
        '/api/giving/gifts',
        {
          type: 'tithe',
          firstName: 'K\u0000',
          lastName: 'O',
          assembly: 'grace',
          paymentMethod: 'cash',
          amount: '5',
        },
        { cookie: member },
      ),
    );
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { origin: ORIGIN, cookie: member },
      payload: { fullName: 'Ama\u0000', phoneNumber: '+233241234567', assemblyName: 'grace' },
    });
    expectRefusedText(profile);
    expectRefusedText(
      await post(
        '/api/admin/sermons',
        { title: 'T\u0000', videoId: 'dQw4w9WgXcQ' },
        { cookie: admin },
      ),
    );
  });

  it('refuses an unpaired surrogate the same way on both databases', async () => {
    expectRefusedText(await post('/api/support', { ...support, full_name: 'é\udfff' }));
    // Sent as raw JSON text too: the escape alone, as a client would write it.
    expectRefusedText(
      await post(
        '/api/support',
        `{"full_name":"\\udfff","email":"a@example.com","title":"t","issue":"i"}`,
      ),
    );
    // Well-formed text outside the basic plane is fine.
    expect((await post('/api/support', { ...support, issue: 'Praise 🙏🏾' })).statusCode).toBe(201);
  });

  it('refuses a 10,000-deep JSON body on the auth routes and every other with a 400', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const url of [
      '/api/auth/sign-in/email',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/support',
    ]) {
      const res = await post(url, deep);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('INVALID_TEXT');
    }
  });

  describe('writes from other sites', () => {
    let cashId: string;
    beforeAll(async () => {
      await post(
        '/api/giving/gifts',
        {
          type: 'tithe',
          firstName: 'K',
          lastName: 'O',
          assembly: 'grace',
          paymentMethod: 'cash',
          amount: '5',
        },
        { cookie: member },
      );
      const history = await t.app.inject({ url: '/api/history', headers: { cookie: member } });
      cashId = history.json().entries[0].id;
    });

    const writes = () => [
      {
        method: 'POST' as const,
        url: `/api/history/cash/${cashId}/delete`,
        payload: { reason: 'Other reason' },
        cookie: member,
      },
      {
        method: 'PATCH' as const,
        url: '/api/profile',
        payload: { fullName: 'Evil', phoneNumber: '+233241234567', assemblyName: 'grace' },
        cookie: member,
      },
      {
        method: 'POST' as const,
        url: '/api/giving/gifts',
        payload: {
          type: 'tithe',
          firstName: 'E',
          lastName: 'V',
          assembly: 'grace',
          paymentMethod: 'cash',
          amount: '5',
        },
        cookie: member,
      },
      {
        method: 'POST' as const,
        url: '/api/admin/sermons',
        payload: { title: 'Evil', videoId: 'dQw4w9WgXcQ' },
        cookie: admin,
      },
      { method: 'POST' as const, url: '/api/auth/sign-out', payload: {}, cookie: member },
    ];

    it('refuses a foreign Origin, a foreign Referer alone, and no origin at all with 403', async () => {
      for (const write of writes()) {
        for (const headers of [
          { origin: 'http://evil.test' },
          { referer: 'http://evil.test/page' },
          { origin: 'null' },
          {},
        ]) {
          const res = await t.app.inject({
            method: write.method,
            url: write.url,
            payload: write.payload,
            headers: { cookie: write.cookie, ...headers },
          });
          expect(res.statusCode, `${write.method} ${write.url} ${JSON.stringify(headers)}`).toBe(
            403,
          );
          expect(res.json().error.code).toBe('FORBIDDEN_ORIGIN');
        }
      }
      // Refused before the request's language is set, still in the member's language.
      const twi = await t.app.inject({
        method: 'POST',
        url: `/api/history/cash/${cashId}/delete`,
        payload: { reason: 'Other reason' },
        headers: { cookie: `${member}; PARAGLIDE_LOCALE=ak`, origin: 'https://evil.example' },
      });
      expect(twi.json().error).toEqual({
        code: 'FORBIDDEN_ORIGIN',
        message: 'Abisadeɛ yi amfi app no mu. Bue app no na san sɔ hwɛ.',
      });
      // Nothing happened: the cash entry is still there.
      const history = await t.app.inject({ url: '/api/history', headers: { cookie: member } });
      expect(history.json().entries.map((e: { id: string }) => e.id)).toContain(cashId);
    });

    it("lets the app's own pages write, by Origin or by Referer", async () => {
      const own = await t.app.inject({
        method: 'POST',
        url: `/api/history/cash/${cashId}/delete`,
        payload: { reason: 'Other reason' },
        headers: { cookie: member, referer: `${ORIGIN}/payment-history` },
      });
      expect(own.statusCode).toBe(204);
    });

    it('leaves signed provider webhooks to their signature check', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/paystack',
        headers: { 'content-type': 'application/json' },
        payload: '{"event":"charge.success","data":{}}',
      });
      // Not the origin check: the webhook's own refusal of a missing signature.
      expect(res.json().error.code).not.toBe('FORBIDDEN_ORIGIN');
    });
  });

  it('answers malformed addresses in the JSON error shape', async () => {
    const badEncoding = await t.app.inject('/api/sermons/%E0%A4%A');
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json().error.code).toBe('BAD_URL');
    const long = await t.app.inject(`/api/sermons/${'a'.repeat(200)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json().error.code).toBe('URI_TOO_LONG');
  });

  it('answers headers too large in the JSON error shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
    });
  });

  it('does not take true for a week number', async () => {
    const res = await post(
      '/api/admin/devotional/weeks',
      { id: true, title: 'Week one?' },
      { cookie: admin },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.id).toBe('Week must be a whole number from 1 to 53.');
    const weeks = await t.app.inject('/api/devotional/weeks');
    expect(weeks.json().weeks.map((w: { id: number }) => w.id)).not.toContain(1);
  });

  it('keeps its origin on form posts from its own pages (not no-referrer, which sends Origin: null)', async () => {
    const res = await t.app.inject('/offerings');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends a Permissions-Policy on every page', async () => {
    const res = await t.app.inject('/home');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
  });
});
