import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HINTS_FILE, type PageHints } from '../shared/page-hints.ts';
import { PRERENDER_TOKENS, PRERENDERED_LOGIN_FILE } from '../shared/prerender.ts';
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

  it('turns bad JSON into a readable 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: '{"full_name": "Ama",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
    });
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: JSON.stringify({ issue: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('BODY_TOO_LARGE');
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      payload: 'hello',
    });
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

describe('serving the web app', () => {
  let t: TestApp;
  let webDir: string;
  const indexHtml = '<!doctype html><div id="root"></div>';
  const vendorJs = 'export const psalm = "The Lord is my shepherd";\n'.repeat(100);
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js'), vendorJs);
    fs.writeFileSync(
      path.join(webDir, 'assets', 'vendor-def456.js.br'),
      brotliCompressSync(vendorJs),
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js.gz'), gzipSync(vendorJs));
    fs.writeFileSync(path.join(webDir, 'index.html.gz'), gzipSync(indexHtml));
    t = await createTestApp({ build: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('falls back to index.html for page routes, uncached', async () => {
    const res = await t.app.inject('/devotional/week/15');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('max-age=31536000, immutable');
  });

  it('sends a hashed asset only the headers that act on it; the page keeps them all', async () => {
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options']) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    expect(asset.headers['last-modified']).toBeUndefined();
    expect(asset.headers['accept-ranges']).toBeUndefined();
    expect(asset.headers.etag).toBeDefined();

    const page = await t.app.inject('/home');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("sends the build's compressed copies to browsers that accept them", async () => {
    const br = await t.app.inject({
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(vendorJs);

    const gz = await t.app.inject({
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(vendorJs);

    const plain = await t.app.inject('/assets/vendor-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(vendorJs);

    // The page itself, on the fallback for a page route.
    const page = await t.app.inject({
      url: '/sermons/sermon-01',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toBe(indexHtml);
  });

  it('does not answer missing files with the page', async () => {
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
    expect((await t.app.inject('/api/unknown')).statusCode).toBe(404);
  });
});

describe("a member route's page names what its first screen needs (decision 018)", () => {
  let t: TestApp;
  let webDir: string;
  const indexHtml = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>Flock</title>',
    '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
    '',
  ].join('\n');
  const everyPage = [{ path: '/api/church' }, { path: '/api/me' }];
  const hints: PageHints = {
    routes: [
      {
        pattern: '/devotional',
        scripts: ['/assets/PageData-1.js', '/assets/DevotionalPage-2.js'],
        styles: ['/assets/devotional-3.css'],
        data: [...everyPage, { path: '/api/devotional/weeks' }],
      },
      {
        pattern: '/auth',
        scripts: ['/assets/AuthPage-5.js'],
        styles: [],
        data: everyPage,
      },
      {
        pattern: '/devotional/week/:weekId',
        scripts: ['/assets/DevotionalWeekPage-4.js'],
        styles: [],
        data: [
          ...everyPage,
          { path: '/api/devotional/weeks/:weekId', params: { weekId: '\\d{1,4}' } },
        ],
      },
    ],
  };
  const hintsOf = (html: string) => html.match(/<link rel="(modulepreload|preload)"[^>]*>/g) ?? [];
  // What the build draws (src/web/prerender.tsx), shortened.
  const prerenderedLogin =
    `<link rel="preload" as="image" href="${PRERENDER_TOKENS.logoUrl}"/>` +
    `<img src="${PRERENDER_TOKENS.logoUrl}" alt=""/><h1>Welcome to Your ${PRERENDER_TOKENS.productName} App</h1>` +
    `<p class="muted auth-church">${PRERENDER_TOKENS.churchName}</p>` +
    '<form><input id="e" name="email" value=""/><button type="submit">Login</button></form>' +
    '<a class="button" href="/home" data-discover="true">Continue as Guest</a>';

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-web-'));
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(path.join(webDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(webDir, PAGE_HINTS_FILE), JSON.stringify(hints));
    fs.writeFileSync(path.join(webDir, PRERENDERED_LOGIN_FILE), prerenderedLogin);
    t = await createTestApp({ build: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("puts the route's files and public answers in its <head>", async () => {
    const res = await t.app.inject('/devotional');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(hintsOf(res.body)).toEqual([
      '<link rel="preload" as="fetch" crossorigin href="/api/church">',
      '<link rel="preload" as="fetch" crossorigin href="/api/me">',
      '<link rel="preload" as="fetch" crossorigin href="/api/devotional/weeks">',
      '<link rel="modulepreload" crossorigin href="/assets/PageData-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/DevotionalPage-2.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/devotional-3.css">',
    ]);
    // The page is otherwise the built one: the hints close its <head>.
    expect(res.body.replace(/ *<link [^>]*>\n/g, '')).toBe(indexHtml);
    // React Router matches without regard to case or a trailing slash; so does the server.
    expect(hintsOf((await t.app.inject('/Devotional/')).body)).toHaveLength(6);
  });

  it('draws the login screen in its page, the church filled in, the code asked for after (decision 022)', async () => {
    const res = await t.app.inject('/auth');
    const { church } = t.app.ctx;
    const root = /<div id="root">(.*?)<\/div>/s.exec(res.body)?.[1];
    expect(root).toBe(
      `<img src="${church.logoUrl}" alt=""/><h1>Welcome to Your ${church.productName} App</h1>` +
        `<p class="muted auth-church">${church.churchName}</p>` +
        '<form><input disabled id="e" name="email" value=""/><button disabled type="submit">Login</button></form>' +
        '<a class="button" aria-disabled="true" data-discover="true">Continue as Guest</a>',
    );
    expect(res.body).toContain(`<title>${church.productName}</title>`);
    expect(res.body).toContain(`--color-primary:${church.colors.primary}`);
    // Nothing of the app's code or answers before the first paint: the boot script asks.
    expect(hintsOf(res.body)).toEqual([]);
    expect(res.body).not.toContain('<script type="module"');
    const boot = /<script data-entry="([^"]*)" data-preload="([^"]*)">([^<]*)<\/script>/.exec(
      res.body,
    );
    expect(boot?.[1]).toBe('/assets/index-abc.js');
    expect(boot?.[2]).toBe('/assets/AuthPage-5.js');
    // Allowed by its hash, and only it.
    const hash = createHash('sha256').update(boot![3]!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    // Other pages keep the empty root and the entry.
    expect((await t.app.inject('/devotional')).body).toContain('<div id="root"></div>');
  });

  it('escapes the church branding in the drawn login screen', async () => {
    const other = await createTestApp({ build: { webDir } });
    let html: string;
    try {
      // Before the first page: the server reads the build and the branding then.
      Object.assign(other.app.ctx.church, { productName: 'A & <b>B</b>', churchName: '' });
      html = (await other.app.inject('/auth')).body;
    } finally {
      await other.close();
    }
    expect(html).toContain('<h1>Welcome to Your A &amp; &lt;b&gt;B&lt;/b&gt; App</h1>');
    expect(html).toContain('<title>A &amp; &lt;b&gt;B&lt;/b&gt;</title>');
    // No church name: no empty line for it.
    expect(html).not.toContain('auth-church');
  });

  it('fills a parameter in only when the screen asks with it', async () => {
    const week = await t.app.inject('/devotional/week/15');
    expect(hintsOf(week.body)).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/devotional/weeks/15">',
    );
    // Not a week number: the screen says so without asking, so no answer is preloaded.
    const notANumber = hintsOf((await t.app.inject('/devotional/week/%3Cb%3E')).body);
    expect(notANumber).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/DevotionalWeekPage-4.js">',
    );
    expect(notANumber.filter((link) => link.includes('/weeks/'))).toEqual([]);
  });

  it('sends no hints for an unknown page or an API path', async () => {
    const unknown = await t.app.inject('/no-such-screen');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(indexHtml);
    expect(hintsOf(unknown.body)).toEqual([]);
    const api = await t.app.inject('/api/devotional');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('keeps the headers a page had: security headers, no-cache, an ETag to revalidate with', async () => {
    const plain = await t.app.inject('/no-such-screen');
    const hinted = await t.app.inject('/devotional');
    const names = (headers: Record<string, unknown>) =>
      Object.keys(headers)
        .filter(
          (name) => !['content-length', 'date', 'last-modified', 'accept-ranges'].includes(name),
        )
        .sort();
    expect(names(hinted.headers)).toEqual(names(plain.headers));
    for (const name of names(plain.headers)) {
      if (name === 'etag') continue;
      expect(hinted.headers[name], name).toBe(plain.headers[name]);
    }
    expect(hinted.headers['content-security-policy']).toContain("script-src 'self'");
    expect(hinted.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({
      url: '/devotional',
      headers: { 'if-none-match': String(hinted.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the page compressed as the browser accepts', async () => {
    const br = await t.app.inject({
      url: '/devotional',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    const plain = (await t.app.inject('/devotional')).body;
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);

    const gz = await t.app.inject({
      url: '/devotional',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);

    // A page whose hints depend on the path is compressed as it is sent.
    const week = await t.app.inject({
      url: '/devotional/week/15',
      headers: { 'accept-encoding': 'br' },
    });
    expect(week.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(week.rawPayload).toString()).toContain('/api/devotional/weeks/15');
  });

  it('sends pages as built when the hints file is not one it can read', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-web-'));
    fs.mkdirSync(path.join(other, '.vite'));
    fs.writeFileSync(path.join(other, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(other, PAGE_HINTS_FILE), '{"routes": [{"pattern": 1}');
    const app = await createTestApp({ build: { webDir: other } });
    try {
      const page = await app.app.inject('/devotional');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtml);
    } finally {
      await app.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('reads a new build', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-web-'));
    fs.mkdirSync(path.join(other, '.vite'));
    fs.writeFileSync(path.join(other, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(other, PAGE_HINTS_FILE), JSON.stringify(hints));
    const app = await createTestApp({ build: { webDir: other } });
    try {
      expect((await app.app.inject('/devotional')).body).toContain('DevotionalPage-2.js');
      const rebuilt: PageHints = {
        routes: [{ ...hints.routes[0]!, scripts: ['/assets/DevotionalPage-9.js'] }],
      };
      fs.writeFileSync(path.join(other, PAGE_HINTS_FILE), JSON.stringify(rebuilt));
      // The build writes index.html too; its time says the build is new.
      fs.writeFileSync(path.join(other, 'index.html'), indexHtml);
      fs.utimesSync(path.join(other, 'index.html'), new Date(), new Date(Date.now() + 5000));
      const page = (await app.app.inject('/devotional')).body;
      expect(page).toContain('DevotionalPage-9.js');
      expect(page).not.toContain('DevotionalPage-2.js');
    } finally {
      await app.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
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
