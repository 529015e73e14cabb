import { escapeHtml } from '../http/html.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAWER_FILE,
  GUEST_PATH,
  PAGE_ANSWERS_ID,
  PAGES_FILE,
  type PagesFile,
} from '../../shared/pages.ts';
import { webDirOf } from '../../shared/languages.ts';
import { memberSession, ORIGIN } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The page server (decision 027) on a build of its own: the description of its pages, a few
// files, and for drawing the app's own src/web/prerender.tsx (through a module in the build's
// place that re-exports it).

const everyPage = [{ path: '/api/church' }, { path: '/api/me' }];
const pagesFile: PagesFile = {
  shell: {
    entry: '/assets/index-abc.js',
    imports: ['/assets/vendor-1.js'],
    styles: ['/assets/index-2.css'],
    boot: '/assets/boot-3.js',
  },
  routes: [
    {
      pattern: '/',
      scripts: ['/assets/AuthPage-4.js'],
      styles: [],
      data: everyPage,
      drawn: { answers: [] },
    },
    {
      pattern: '/auth',
      scripts: ['/assets/AuthPage-4.js'],
      styles: [],
      data: everyPage,
      drawn: { answers: [] },
    },
    {
      pattern: '/sermons',
      scripts: ['/assets/PageData-5.js', '/assets/SermonsPage-6.js'],
      styles: ['/assets/sermons-7.css'],
      data: [...everyPage, { path: '/api/sermons' }],
      drawn: { answers: ['/api/sermons'] },
    },
    {
      pattern: '/home',
      scripts: ['/assets/HomePage-8.js'],
      styles: [],
      data: everyPage,
      drawn: { answers: [], signedIn: true },
    },
    {
      pattern: '/offerings',
      scripts: ['/assets/OfferingsPage-9.js'],
      styles: ['/assets/giving-10.css'],
      data: everyPage,
      drawn: { answers: [], signedIn: true },
    },
    {
      pattern: '/devotional/week/:weekId',
      scripts: ['/assets/DevotionalWeekPage-11.js'],
      styles: ['/assets/devotional-12.css'],
      data: [
        ...everyPage,
        { path: '/api/devotional/weeks/:weekId', params: { weekId: '\\d{1,4}' } },
      ],
    },
  ],
};

const prerender = path.resolve(import.meta.dirname, '../../web/prerender.tsx');
const vendorJs = 'export const psalm = "The Lord is my shepherd";\n'.repeat(100);
const bootJs = 'window.booted = true;';

function writeBuild(
  webDir: string,
  drawer: string | null = `export * from ${JSON.stringify(prerender)};\n`,
) {
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(webDir, path.dirname(DRAWER_FILE)), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, PAGES_FILE), JSON.stringify(pagesFile));
  fs.writeFileSync(path.join(webDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'assets', 'boot-3.js'), `${bootJs}\n`);
  fs.writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js'), vendorJs);
  fs.writeFileSync(
    path.join(webDir, 'assets', 'vendor-def456.js.br'),
    brotliCompressSync(vendorJs),
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js.gz'), gzipSync(vendorJs));
  if (drawer !== null) fs.writeFileSync(path.join(webDir, DRAWER_FILE), drawer);
}

const rootOf = (html: string) => /<div id="root">(.*)<\/div>/s.exec(html)?.[1] ?? '';
const answersOf = (html: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">(.*?)</script>`).exec(
      html,
    )?.[1] ?? 'null',
  ) as Record<string, unknown> | null;
const hintsOf = (html: string) => html.match(/<link rel="(modulepreload|preload)"[^>]*>/g) ?? [];
const bootOf = (html: string) =>
  /<script data-entry="([^"]*)" data-preload="([^"]*)">([^<]*)<\/script>/.exec(html);

describe('the page server (decision 027)', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pages-'));
    writeBuild(webDir);
    t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' }, build: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  describe('built files', () => {
    it('caches hashed files for a year and sends them only the headers that act on them', async () => {
      const asset = await t.app.inject('/assets/main-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('max-age=31536000, immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options']) {
        expect(asset.headers[name], name).toBeUndefined();
      }
      expect(asset.headers['last-modified']).toBeUndefined();
      expect(asset.headers['accept-ranges']).toBeUndefined();
      expect(asset.headers.etag).toBeDefined();
    });

    it("sends the build's compressed copies to browsers that accept them", async () => {
      const br = await t.app.inject({
        url: '/assets/vendor-def456.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(vendorJs);
      const gz = await t.app.inject({
        url: '/assets/vendor-def456.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gunzipSync(gz.rawPayload).toString()).toBe(vendorJs);
      expect((await t.app.inject('/assets/vendor-def456.js')).body).toBe(vendorJs);
    });

    it('does not answer a missing file or an unknown API path with a page', async () => {
      expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
      const api = await t.app.inject('/api/devotional');
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/devotional' },
      });
    });
  });

  describe('pages the app draws', () => {
    it("asks for the app at once, with the route's files and public answers in its <head>", async () => {
      const res = await t.app.inject('/devotional/week/15');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        '<script type="module" crossorigin="" src="/assets/index-abc.js"></script>',
      );
      expect(res.body).toContain(
        '<link rel="stylesheet" crossorigin="" href="/assets/index-2.css">',
      );
      expect(hintsOf(res.body)).toEqual([
        '<link rel="modulepreload" crossorigin="" href="/assets/vendor-1.js">',
        '<link rel="preload" as="fetch" crossorigin="" href="/api/church">',
        '<link rel="preload" as="fetch" crossorigin="" href="/api/me">',
        '<link rel="preload" as="fetch" crossorigin="" href="/api/devotional/weeks/15">',
        '<link rel="modulepreload" crossorigin="" href="/assets/DevotionalWeekPage-11.js">',
        '<link rel="preload" as="style" crossorigin="" href="/assets/devotional-12.css">',
      ]);
      expect(rootOf(res.body)).toBe('');
      // React Router matches without regard to case or a trailing slash; so does the server.
      expect(hintsOf((await t.app.inject('/Devotional/Week/15/')).body)).toHaveLength(6);
    });

    it('fills a parameter in only when the screen asks with it', async () => {
      const notANumber = hintsOf((await t.app.inject('/devotional/week/%3Cb%3E')).body);
      expect(notANumber).toContain(
        '<link rel="modulepreload" crossorigin="" href="/assets/DevotionalWeekPage-11.js">',
      );
      expect(notANumber.filter((link) => link.includes('/weeks/'))).toEqual([]);
    });

    it('answers a path no screen has with 404 and the page, for the app to say so', async () => {
      const res = await t.app.inject('/no-such-screen');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(
        '<script type="module" crossorigin="" src="/assets/index-abc.js">',
      );
      expect(hintsOf(res.body)).toEqual([
        '<link rel="modulepreload" crossorigin="" href="/assets/vendor-1.js">',
      ]);
    });

    it('carries the church branding, escaped', async () => {
      const other = await createTestApp({ build: { webDir } });
      try {
        Object.assign(other.app.ctx.church, { productName: 'A & <b>B</b>' });
        const html = (await other.app.inject('/devotional/week/15')).body;
        expect(html).toContain('<title>A &amp; &lt;b&gt;B&lt;/b&gt;</title>');
        expect(html).toContain(`--color-primary:${other.app.ctx.church.colors.primary}`);
        expect(html).toContain('A &amp; &lt;b&gt;B&lt;/b&gt; needs JavaScript');
      } finally {
        await other.close();
      }
    });

    it('sends every page with its security headers, an ETag to revalidate with, compressed', async () => {
      const page = await t.app.inject('/devotional/week/15');
      expect(page.headers['content-security-policy']).toContain("script-src 'self';");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['permissions-policy']).toContain('camera=()');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      const again = await t.app.inject({
        url: '/devotional/week/15',
        headers: { 'if-none-match': String(page.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      for (const [accept, encoding] of [
        ['gzip, br', 'br'],
        ['gzip, br;q=0', 'gzip'],
      ] as const) {
        const res = await t.app.inject({
          url: '/devotional/week/15',
          headers: { 'accept-encoding': accept },
        });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        const body =
          encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
        expect(body.toString()).toBe(page.body);
      }
    });
  });

  describe('pages the server draws', () => {
    it('draws /sermons from the answers GET /api/sermons gives, with working links', async () => {
      const api = (await t.app.inject('/api/sermons')).json<{
        sermons: { id: string; title: string }[];
      }>();
      expect(api.sermons.length).toBeGreaterThan(1);
      const res = await t.app.inject('/sermons');
      expect(res.statusCode).toBe(200);
      const root = rootOf(res.body);
      expect(root).toContain('>Sermons</h1>');
      // Ordinary links, followed as page loads until the app is there.
      for (const { id, title } of api.sermons) {
        expect(root).toContain(`href="/sermons/${id}"`);
        expect(root).toContain(`>${title}</span>`);
      }
      // Nothing disabled, nothing that waits: taps are kept by the boot script.
      expect(root).not.toMatch(/\sdisabled|aria-disabled/);
      expect(root).toContain(`<span class="navbar-title">${t.app.ctx.church.productName}</span>`);
      // Without a session cookie nobody is signed in, and the page says so.
      expect(answersOf(res.body)).toEqual({ '/api/sermons': api, '/api/me': { user: null } });
      expect(root).toContain('>Log In/Sign Up</a>');
      // Its style sheets apply now; its code comes after the first paint, by the boot script.
      expect(res.body).toContain(
        '<link rel="stylesheet" crossorigin="" href="/assets/sermons-7.css">',
      );
      expect(res.body).not.toContain('<script type="module"');
      expect(hintsOf(res.body)).toEqual([]);
      // The boot script, written in right after the screen, allowed by its hash and only it.
      const boot = bootOf(res.body);
      expect(boot?.slice(1)).toEqual([
        '/assets/index-abc.js',
        '/assets/vendor-1.js /assets/PageData-5.js /assets/SermonsPage-6.js',
        bootJs,
      ]);
      expect(res.body.match(/<script(?! type="application\/json")/g)).toHaveLength(1);
      const hash = createHash('sha256').update(bootJs).digest('base64');
      expect(res.headers['content-security-policy']).toContain(
        `script-src 'self' 'sha256-${hash}';`,
      );
    });

    it('draws the login screen at / and /auth with the church filled in', async () => {
      const { church } = t.app.ctx;
      for (const url of ['/', '/auth']) {
        const root = rootOf((await t.app.inject(url)).body);
        expect(root).toContain(`>Welcome to Your ${church.productName} App</h1>`);
        expect(root).toContain(`<p class="muted auth-church">${church.churchName}</p>`);
        expect(root).toMatch(/<input [^>]*name="email"/);
        expect(root).toContain('<button type="submit" class="button button-block">Login</button>');
        // 'Continue as Guest' works before the app: the server's guest route.
        expect(root).toContain(
          `<a href="${GUEST_PATH}" class="button button-secondary button-block">Continue as Guest</a>`,
        );
        // The logo does not hold the paint back: no preload for it.
        expect(root).not.toContain('rel="preload"');
      }
    });

    it('draws again when the answers change, and only then', async () => {
      const cookie = await memberSession(t, 'admin@example.com');
      const first = await t.app.inject('/sermons');
      expect((await t.app.inject('/sermons')).headers.etag).toBe(first.headers.etag);
      const title = 'New </script><script>alert(1)</script> & more';
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sermons',
        headers: { cookie, origin: ORIGIN },
        payload: { title, video: 'dQw4w9WgXcQ' },
      });
      expect(created.statusCode).toBe(201);
      const after = await t.app.inject('/sermons');
      expect(after.headers.etag).not.toBe(first.headers.etag);
      // Escaped in the screen, and unable to close the answers' script.
      expect(rootOf(after.body)).toContain(
        '>New &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</span>',
      );
      expect(after.body.match(/<\/script>/g)).toHaveLength(2);
    });

    it('draws the first signed-in screens only for a request that says it is signed in', async () => {
      const guest = { cookie: 'other=1; flock.guest=1' };
      const member = { cookie: await memberSession(t, 'member@example.com') };
      for (const url of ['/home', '/offerings']) {
        // Anyone else is sent on to /auth by the app: the page asks for it at once.
        for (const headers of [{}, { cookie: 'flock.guest=0' }]) {
          expect(rootOf((await t.app.inject({ url, headers })).body), url).toBe('');
        }
        for (const headers of [guest, member]) {
          const root = rootOf((await t.app.inject({ url, headers })).body);
          expect(root, url).toContain('<main id="main"');
          // Disabled only where the app disables (cash, unless the gift is a tithe).
          expect(root.match(/<(button|a)\b[^>]*(\sdisabled|aria-disabled)/g)).toBeNull();
        }
      }
      const asGuest = (await t.app.inject({ url: '/home', headers: guest })).body;
      expect(rootOf(asGuest)).toContain(
        `>Welcome to Your ${t.app.ctx.church.productName} App</h1>`,
      );
      expect(rootOf(asGuest)).toContain('<a class="tile" href="/offerings"');
      expect(answersOf(asGuest)).toEqual({ '/api/me': { user: null } });
      // A member's is drawn as the session is still asked for: nothing of theirs is in it.
      const asMember = (await t.app.inject({ url: '/home', headers: member })).body;
      expect(rootOf(asMember)).toContain('>Loading your profile...</h1>');
      expect(answersOf(asMember)).toBeNull();
      expect(asMember).not.toContain('member@example.com');
      const { assemblies } = (await t.app.inject('/api/church')).json<{
        assemblies: { label: string }[];
      }>();
      const offerings = rootOf((await t.app.inject({ url: '/offerings', headers: guest })).body);
      for (const { label } of assemblies) expect(offerings).toContain(`>${label}</option>`);
    });

    it("'Continue as Guest' sets the guest cookie and goes on to /home", async () => {
      const res = await t.app.inject(GUEST_PATH);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/home');
      expect(res.headers['set-cookie']).toContain(
        `flock.guest=1; Path=/; Max-Age=${400 * 24 * 3600}; SameSite=Lax`,
      );
      // And the device's own guest id, so a guest's gifts stay visible here (issue 30).
      expect(res.cookies.find((c) => c.name === 'flock.giver')).toMatchObject({ httpOnly: true });
      const home = await t.app.inject({ url: '/home', headers: { cookie: 'flock.guest=1' } });
      expect(rootOf(home.body)).toContain('Welcome to Your');
    });
  });
});

describe('a build the server cannot fully read', () => {
  it('lets the app draw a screen whose drawing fails, whose bundle or boot script is missing', async () => {
    const prerendered = `export * from ${JSON.stringify(prerender)};\n`;
    for (const [drawer, boot] of [
      [null, true],
      ['export function renderScreen() { throw new Error("boom"); }\n', true],
      [prerendered, false],
    ] as const) {
      const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pages-'));
      writeBuild(webDir, drawer);
      if (!boot) fs.rmSync(path.join(webDir, 'assets', 'boot-3.js'));
      const t = await createTestApp({ build: { webDir } });
      try {
        const res = await t.app.inject('/sermons');
        expect(res.statusCode).toBe(200);
        expect(rootOf(res.body)).toBe('');
        expect(res.body).toContain(
          '<link rel="modulepreload" crossorigin="" href="/assets/SermonsPage-6.js">',
        );
      } finally {
        await t.close();
        fs.rmSync(webDir, { recursive: true, force: true });
      }
    }
  });

  it('says the app is not built when there is no description of its pages, or one it cannot read', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pages-'));
    writeBuild(webDir);
    fs.writeFileSync(path.join(webDir, PAGES_FILE), '{"routes": [{"pattern": 1}');
    const t = await createTestApp({ build: { webDir } });
    try {
      const res = await t.app.inject('/sermons');
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      fs.rmSync(path.join(webDir, PAGES_FILE));
      expect((await t.app.inject('/sermons')).statusCode).toBe(503);
    } finally {
      await t.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('reads a new build', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pages-'));
    writeBuild(webDir, null);
    const t = await createTestApp({ build: { webDir } });
    try {
      expect((await t.app.inject('/devotional/week/1')).body).toContain('DevotionalWeekPage-11.js');
      const rebuilt: PagesFile = {
        ...pagesFile,
        routes: pagesFile.routes.map((route) => ({
          ...route,
          scripts: route.scripts.map((file) => file.replace('-11.', '-99.')),
        })),
      };
      fs.writeFileSync(path.join(webDir, PAGES_FILE), JSON.stringify(rebuilt));
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(path.join(webDir, PAGES_FILE), later, later);
      const page = (await t.app.inject('/devotional/week/1')).body;
      expect(page).toContain('DevotionalWeekPage-99.js');
      expect(page).not.toContain('DevotionalWeekPage-11.js');
    } finally {
      await t.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});

const akMessages = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../messages/ak.json'), 'utf8'),
) as Record<string, string>;

describe('pages in the member’s language (decision 043)', () => {
  let t: TestApp;
  let webDir: string;
  const twiShell = { ...pagesFile.shell, entry: '/assets/index-twi.js' };

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pages-'));
    writeBuild(webDir);
    fs.writeFileSync(path.join(webDir, 'sw.js'), '// English worker');
    // Twi's build beside it (its hashed files are in English's assets).
    const twiDir = webDirOf(webDir, 'ak');
    fs.mkdirSync(path.join(twiDir, path.dirname(PAGES_FILE)), { recursive: true });
    fs.writeFileSync(
      path.join(twiDir, PAGES_FILE),
      JSON.stringify({ ...pagesFile, shell: twiShell }),
    );
    fs.writeFileSync(path.join(twiDir, 'sw.js'), '// Twi worker');
    fs.mkdirSync(path.join(twiDir, 'assets'));
    fs.writeFileSync(path.join(twiDir, 'assets', 'boot-3.js'), `${bootJs}\n`);
    fs.writeFileSync(path.join(twiDir, 'index.html'), '<!doctype html><html lang="ak">');
    t = await createTestApp({ build: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
    fs.rmSync(webDirOf(webDir, 'ak'), { recursive: true, force: true });
  });

  const twi = { cookie: 'flock.guest=1; PARAGLIDE_LOCALE=ak' };

  it('writes a page with the build of the language its cookie names', async () => {
    const page = await t.app.inject({ url: '/sermons', headers: twi });
    expect(page.body).toContain('<html lang="ak"');
    expect(page.body).toContain(`data-entry="${twiShell.entry}"`);
    // Drawn with English's server bundle, which has every language: the screen in Twi.
    expect(rootOf(page.body)).toContain(`>${akMessages.sermons_title}</h1>`);
    const english = await t.app.inject({ url: '/sermons', headers: { cookie: 'flock.guest=1' } });
    expect(rootOf(english.body)).toContain('>Sermons</h1>');
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain(`data-entry="${pagesFile.shell.entry}"`);
    // The page's frame too: its description and what a browser without JavaScript shows.
    const noscript = (body: string) => /<noscript>([^<]*)<\/noscript>/.exec(body)?.[1];
    expect(noscript(page.body)).toContain('hia JavaScript');
    expect(noscript(english.body)).toContain('needs JavaScript to run.');
    expect(page.body).toContain(
      `<meta name="description" content="${escapeHtml(akMessages.page_description ?? '')}">`,
    );
    // A language without a build, or none the catalogue has: English's.
    const unknown = await t.app.inject({
      url: '/sermons',
      headers: { cookie: 'PARAGLIDE_LOCALE=fr' },
    });
    expect(unknown.body).toContain('<html lang="en"');
  });

  it('gives each language its own service worker and offline page', async () => {
    expect((await t.app.inject({ url: '/sw.js', headers: twi })).body).toBe('// Twi worker');
    expect((await t.app.inject({ url: '/sw.js' })).body).toBe('// English worker');
    // The worker a page registers says its build's language (workerPath): that one's.
    const asked = (lang: string, headers = {}) =>
      t.app.inject({ url: `/sw.js?lang=${lang}`, headers });
    expect((await asked('ak')).body).toBe('// Twi worker');
    expect((await asked('en', twi)).body).toBe('// English worker');
    const offline = await t.app.inject({ url: '/index.html', headers: twi });
    expect(offline.body).toContain('lang="ak"');
    expect(offline.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/index.html' })).body).not.toContain('lang="ak"');
    // Hashed files are English's folder's, for every language.
    const asset = await t.app.inject({ url: '/assets/main-abc123.js', headers: twi });
    expect(asset.statusCode).toBe(200);
  });
});
