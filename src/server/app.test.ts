import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, ORIGIN } from './testing/accounts.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

describe('the HTTP app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('says not ready when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('NOT_READY');
    await other.app.close();
  });

  /** A raw body to POST /api/support from the app's Origin. */
  const postSupport = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { 'content-type': contentType, origin: ORIGIN },
      payload,
    });

  it('turns bad JSON into a readable 400, not a 500', async () => {
    const res = await postSupport('{"full_name": "Ama",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
    });
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await postSupport(JSON.stringify({ issue: 'x'.repeat(300 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('BODY_TOO_LARGE');
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const res = await postSupport('hello', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses compressed request bodies with 415 instead of inflating them', async () => {
    const body = JSON.stringify({ full_name: 'Ama', issue: 'x' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: ORIGIN },
      payload: gzipSync(body),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body uncompressed (no Content-Encoding).',
    });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/nope' },
    });
  });

  it('sends pages a Content-Security-Policy that allows only the spec embeds', async () => {
    const res = await t.app.inject('/sermons');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(
      'frame-src https://www.youtube-nocookie.com https://docs.google.com https://drive.google.com',
    );
    expect(csp).toContain('img-src');
    expect(csp).toContain('https://i.ytimg.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends API answers a policy that allows nothing, and none of the page-only headers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['permissions-policy', 'referrer-policy', 'x-dns-prefetch-control']) {
      expect(res.headers[name], name).toBeUndefined();
    }
  });

  it('gives branding and the assemblies from the content files', async () => {
    const res = await t.app.inject('/api/church');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.productName).toBe('Flock');
    expect(body.devMailbox).toBe(true);
    expect(body.assemblies).toHaveLength(9);
    expect(body.assemblies[0]).toEqual({ slug: 'bethel', label: 'Bethel' });
    expect(body.assemblies.map((a: { slug: string }) => a.slug)).toContain('altar-of-fire');
  });

  it('compresses JSON over 1 KiB as the browser accepts, and keeps the ETag answer', async () => {
    const plain = await t.app.inject('/api/church');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      url: '/api/church',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gz = await t.app.inject({ url: '/api/church', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // An unchanged content answer is still a 304 with no body.
    const sermons = await t.app.inject({
      url: '/api/sermons',
      headers: { 'accept-encoding': 'br' },
    });
    const again = await t.app.inject({
      url: '/api/sermons',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(sermons.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // The same for everyone: an ETag, and the same compressed bytes each time (compressed
    // once per version); a request that refuses compression gets the plain text.
    expect(br.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const brAgain = await t.app.inject({
      url: '/api/church',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    const refused = await t.app.inject({
      url: '/api/church',
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    const identity = await t.app.inject({
      url: '/api/church',
      headers: { 'accept-encoding': 'identity, br;q=0' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();

    // Small answers are not worth it.
    const health = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('request logging (issue 16 #5)', () => {
  const withLog = async (env: Record<string, string>) => {
    const lines: Record<string, unknown>[] = [];
    const t = await createTestApp({
      env,
      build: { logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    return { t, lines };
  };

  it('logs errors, redirects and slow answers, one line each, and no quick successes', async () => {
    const { t, lines } = await withLog({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '600000' });
    try {
      const before = lines.length;
      for (let i = 0; i < 5; i++) await t.app.inject('/api/health');
      expect(lines.length).toBe(before);
      await t.app.inject('/api/no-such-thing?secret=1');
      const logged = lines.slice(before);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        msg: 'request',
        method: 'GET',
        url: '/api/no-such-thing',
        status: 404,
        level: 30,
      });
    } finally {
      await t.close();
    }
  });

  it('logs a slow answer as a warning', async () => {
    const { t, lines } = await withLog({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '1' });
    try {
      const before = lines.length;
      // A sign-up hashes a password on purpose (tens of milliseconds): always over 1 ms. (A
      // read such as /api/sermons can answer in under a millisecond, which made this flaky.)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: member('slow-log@example.com'),
      });
      expect(res.statusCode).toBe(201);
      const slow = lines.slice(before).filter((l) => l.msg === 'slow request');
      expect(slow).toHaveLength(1);
      expect(slow[0]).toMatchObject({ url: '/api/accounts/sign-up', status: 201, level: 40 });
    } finally {
      await t.close();
    }
  });

  it('logs every request at debug', async () => {
    const { t, lines } = await withLog({ LOG_LEVEL: 'debug' });
    try {
      const before = lines.length;
      await t.app.inject('/api/health');
      expect(lines.slice(before).map((l) => l.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
    } finally {
      await t.close();
    }
  });
});
