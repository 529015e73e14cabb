import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema.ts';
import { forgetRefusals } from '../platform/rate-limit.ts';
import { callersEnv, callerAddresses, collectRoutes, seedCallers } from '../testing/callers.ts';
import { ORIGIN } from '../testing/accounts.ts';
import { UNLIMITED_MESSAGES } from '../testing/pastor.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { PAGES_FILE } from '../../shared/pages.ts';
import { features } from '../features/index.ts';
import { composeMatrix, type Caller, type MatrixRequest } from '../testing/authorization-matrix.ts';

// Bad input for every endpoint (issue 15, Build 2): each endpoint's valid request from the
// authorisation matrix, sent by a caller who may make it, then broken by fast-check — a field
// of the wrong type, NUL bytes, unpaired surrogates, other unicode, huge strings, extra and
// missing fields, deep nesting, bodies that are not JSON, nasty path and query values — and
// once with a 10 MB body. No answer may be a 5xx or take longer than the timeout, and every
// refusal is a 4xx in the app's {"error":{code,message}} shape.
// FUZZ_RUNS (default 1000) sets the cases per endpoint. The matrix test checks that every
// route has a row, so every route is fuzzed.

const matrix = await composeMatrix(features);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const TIMEOUT_MS = 10_000;

const nastyText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) }, // lone surrogates too
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'é\udfff',
      '\ufeff\u202e\u200b',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '../../../etc/passwd',
      '%00',
      '𝕳𝖊𝖑𝖑𝖔 🙏🏾',
      '',
      ' ',
      'FLK-AAAAA',
      '00000000-0000-4000-8000-000000000000',
    ),
  },
  // Huge: past every field's limit, and (300 kB) past the body limit.
  { weight: 1, arbitrary: fc.constantFrom(5_000, 300_000).map((n) => 'x'.repeat(n)) },
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyText },
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), nastyText, { maxKeys: 3 }),
);
/** Path segments, already percent-encoded (some of them wrongly on purpose). */
const nastySegment = fc.oneof(
  nastyText.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')) || '%20'),
  fc.constantFrom('%00', '%ZZ', '%', '%C0%AF', '%ED%A0%80', '..%2F..', '%2e%2e', 'x'.repeat(5000)),
);

/** Query keys the routes read, and the redirect parameters (issue 47: one answered 500). */
const queryKey = fc.constantFrom(
  ...['code', 'from', 'to', 'assembly', 'status', 'token', 'x', 'expires', 'next', 'callbackURL'],
);

type Mutation =
  | { kind: 'field'; pick: number; value: unknown }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'drop'; pick: number }
  | { kind: 'body'; value: unknown }
  | { kind: 'deep'; depth: number }
  | { kind: 'raw'; text: string }
  | { kind: 'path'; pick: number; segment: string }
  | { kind: 'query'; key: string; value: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('field' as const), pick: fc.nat(), value: nastyValue }),
  fc.record({
    kind: fc.constant('extra' as const),
    key: fc.string({ maxLength: 10 }),
    value: nastyValue,
  }),
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('body' as const), value: nastyValue }),
  fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('raw' as const), text: fc.string({ unit: 'binary' }) }),
  fc.record({ kind: fc.constant('path' as const), pick: fc.nat(), segment: nastySegment }),
  fc.record({
    kind: fc.constant('query' as const),
    key: queryKey,
    value: nastySegment,
  }),
);

interface Sent {
  method: string;
  url: string;
  body?: string | Buffer;
  contentType?: string;
}

/** The valid request, broken as `m` says. */
function apply(route: string, base: MatrixRequest, m: Mutation): Sent {
  const method = route.split(' ')[0]!;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const [urlPath = '', query = ''] = base.url.split('?');
  let url = base.url;
  let body: unknown = base.payload;
  let raw: string | Buffer | undefined = base.raw?.payload;
  let contentType = base.raw?.contentType ?? 'application/json';
  const object =
    body && typeof body === 'object' && !Array.isArray(body)
      ? { ...(body as Record<string, unknown>) }
      : {};
  const keys = Object.keys(object);

  switch (m.kind) {
    case 'field':
      if (keys.length > 0) object[keys[m.pick % keys.length]!] = m.value;
      else object.value = m.value;
      body = object;
      raw = undefined;
      contentType = 'application/json';
      break;
    case 'extra':
      body = { ...object, [m.key]: m.value };
      raw = undefined;
      contentType = 'application/json';
      break;
    case 'drop':
      if (keys.length > 0) delete object[keys[m.pick % keys.length]!];
      body = object;
      raw = undefined;
      contentType = 'application/json';
      break;
    case 'body':
      body = m.value;
      raw = undefined;
      contentType = 'application/json';
      break;
    case 'deep':
      raw = '['.repeat(m.depth) + ']'.repeat(m.depth);
      contentType = 'application/json';
      break;
    case 'raw':
      raw = m.text;
      contentType = 'application/json';
      break;
    case 'path': {
      const segments = urlPath.split('/');
      const index = 2 + (m.pick % Math.max(1, segments.length - 2));
      if (index < segments.length) segments[index] = m.segment;
      url = segments.join('/') + (query ? `?${query}` : '');
      break;
    }
    case 'query': {
      const params = query
        .split('&')
        .filter((p) => p !== '' && !p.startsWith(`${m.key}=`))
        .concat(`${m.key}=${m.value}`);
      url = `${urlPath}?${params.join('&')}`;
      break;
    }
  }
  if (!hasBody) return { method, url };
  if (raw !== undefined) return { method, url, body: raw, contentType };
  return { method, url, body: JSON.stringify(body ?? {}), contentType };
}

const pathOnly: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constant('path' as const),
  pick: fc.nat(),
  segment: nastySegment,
});
const queryOnly: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constant('query' as const),
  key: queryKey,
  value: nastySegment,
});

/**
 * What can be broken: a request without a body only in its path and query (its query only
 * when it has one or no path parameters: otherwise most cases would be the valid request).
 */
function mutationsFor(route: string, base: MatrixRequest): fc.Arbitrary<Mutation> {
  const method = route.split(' ')[0]!;
  if (method !== 'GET' && method !== 'DELETE') return mutation;
  const hasParams = route.includes(':') || route.includes('*');
  if (!hasParams) return queryOnly;
  return base.url.includes('?') ? fc.oneof(pathOnly, queryOnly) : pathOnly;
}

/** Who sends an endpoint's requests: someone the matrix lets through. */
function senderOf(route: string): Caller {
  if (route.includes('/api/auth/')) return 'anonymous';
  const expect = matrix[route]![0]!.expect;
  const preferred: Caller[] = ['member', 'admin', 'officer', 'applicant', 'anonymous'];
  return preferred.find((c) => expect[c] < 400) ?? 'admin';
}

const tenMegabytes = `{"a":"${'x'.repeat(10 * 1024 * 1024)}"}`;

/**
 * Fuzzes part `part` (0-based) of `parts` of the endpoints: fuzz-1.test.ts and fuzz-2.test.ts
 * each take half, so the two run side by side on two cores.
 */
export function fuzzEndpoints(part: number, parts: number) {
  const mine = Object.keys(matrix).filter((_, i) => i % parts === part);
  describe(`bad input on every endpoint (part ${part + 1} of ${parts})`, () => {
    let t: TestApp;
    const { routes, onRoute } = collectRoutes();
    let seeded: Awaited<ReturnType<typeof seedCallers>>;
    let cases = 0;
    let serverErrors = 0;

    beforeAll(async () => {
      // A built web app, as in production: a path that leaves /api/ gets the page, not a 503.
      const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-fuzz-web-'));
      fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Flock</title>');
      fs.mkdirSync(path.join(webDir, '.vite'));
      const shell = { entry: '/assets/i.js', imports: [], styles: [], boot: '/assets/b.js' };
      fs.writeFileSync(path.join(webDir, PAGES_FILE), JSON.stringify({ shell, routes: [] }));
      // Limits must not hide the handlers (rate_limits is also emptied every 200 cases).
      t = await createTestApp({
        env: callersEnv,
        build: { onRoute, webDir, pastorMessageLimits: UNLIMITED_MESSAGES },
      });
      seeded = await seedCallers(t);
    });
    afterAll(async () => {
      console.log(
        `[fuzz] part ${part + 1}/${parts}: ${mine.length} endpoints, ${cases} cases (${RUNS} per endpoint + a 10 MB body each), ${serverErrors} answered 5xx`,
      );
      await t?.close();
    });

    async function send(sent: Sent, caller: Caller) {
      cases++;
      // Limits must not hide the handlers.
      if (cases % 200 === 0) {
        await t.db.delete(rateLimits);
        forgetRefusals(t.db);
      }
      const cookie = seeded.cookies[caller];
      let timer: NodeJS.Timeout | undefined;
      const res = await Promise.race([
        t.app.inject({
          method: sent.method as 'GET',
          url: sent.url,
          remoteAddress: callerAddresses[caller],
          headers: {
            origin: ORIGIN,
            ...(cookie ? { cookie } : {}),
            ...(sent.contentType && sent.body !== undefined
              ? { 'content-type': sent.contentType }
              : {}),
          },
          ...(sent.body === undefined ? {} : { payload: sent.body }),
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer in ${TIMEOUT_MS} ms: ${sent.method} ${sent.url}`)),
            TIMEOUT_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      if (res.statusCode >= 500) serverErrors++;
      return res;
    }

    function check(
      res: { statusCode: number; body: string; headers: Record<string, unknown> },
      what: string,
    ) {
      expect(res.statusCode, `${what.slice(0, 300)}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      // A path that a mutation took out of /api/ (`/api/%2e%2e/x` is `/x`) is a page: a path no
      // screen has gets the app's 'Page not found' with a 404 (decision 027).
      const page = String(res.headers['content-type']).startsWith('text/html');
      if (res.statusCode >= 400 && !(page && res.statusCode === 404)) {
        let body: { error?: { code?: unknown; message?: unknown } } = {};
        try {
          body = JSON.parse(res.body);
        } catch {
          // reported below
        }
        expect(
          typeof body.error?.code,
          `${what}: not the error shape: ${res.body.slice(0, 300)}`,
        ).toBe('string');
        expect(typeof body.error?.message, `${what}: no message`).toBe('string');
      }
    }

    it('covers every route of the server', () => {
      // The built web app's files are static: the matrix test runs without them.
      const served = [...routes].filter((r) => /^[A-Z]+ \/(api|dev|sandbox)\//.test(r));
      expect(served.filter((r) => !(r in matrix))).toEqual([]);
      expect(served.length).toBeGreaterThan(50);
    });

    for (const route of mine) {
      it(`${route}`, { timeout: 600_000 }, async () => {
        const caller = senderOf(route);
        const base = await matrix[route]![0]!.request(seeded.fixtures, caller);
        await fc.assert(
          fc.asyncProperty(mutationsFor(route, base), async (m) => {
            const sent = apply(route, base, m);
            check(await send(sent, caller), `${sent.method} ${sent.url.slice(0, 200)} (${m.kind})`);
          }),
          { numRuns: RUNS },
        );
        const method = route.split(' ')[0]!;
        if (method !== 'GET' && method !== 'DELETE') {
          const big = await send(
            { method, url: base.url, body: tenMegabytes, contentType: 'application/json' },
            caller,
          );
          check(big, `${route} with a 10 MB body`);
          expect(big.statusCode).toBe(413);
        }
      });
    }
  });
}
