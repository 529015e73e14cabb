import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HINTS_FILE, type PageHints } from '../../shared/page-hints.ts';
import { PAGE_ANSWERS_ID, PRERENDER_MODULE_FILE } from '../../shared/prerender.ts';
import { memberSession, ORIGIN } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The server draws /sermons and /devotional from their current answers (decision 023), with
// the build's server bundle of src/web/prerender.tsx: here that file itself, through a module
// in the build's place that re-exports it.

const indexHtml = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <meta name="theme-color" content="#000000" />',
  '    <title>Flock</title>',
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-2.css">',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
  '',
].join('\n');
const everyPage = [{ path: '/api/church' }, { path: '/api/me' }];
const hints: PageHints = {
  routes: [
    {
      pattern: '/sermons',
      scripts: ['/assets/PageData-3.js', '/assets/SermonsPage-4.js'],
      styles: ['/assets/sermons-5.css'],
      data: [...everyPage, { path: '/api/sermons' }],
    },
    {
      pattern: '/devotional',
      scripts: ['/assets/DevotionalPage-6.js'],
      styles: [],
      data: [...everyPage, { path: '/api/devotional/weeks' }],
    },
    {
      pattern: '/home',
      scripts: ['/assets/HomePage-8.js'],
      styles: [],
      data: everyPage,
    },
    {
      pattern: '/offerings',
      scripts: ['/assets/OfferingsPage-9.js'],
      styles: ['/assets/giving-10.css'],
      data: everyPage,
    },
    {
      pattern: '/sermons/:id',
      scripts: ['/assets/SermonPage-7.js'],
      styles: [],
      data: [...everyPage, { path: '/api/sermons/:id', params: { id: '[\\w-]{1,100}' } }],
    },
  ],
};

const rootOf = (html: string) => /<div id="root">(.*)<\/div><script/s.exec(html)?.[1] ?? '';
const answersOf = (html: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">(.*?)</script>`).exec(
      html,
    )?.[1] ?? 'null',
  ) as Record<string, unknown> | null;

function writeBuild(webDir: string, drawer: string | null) {
  fs.mkdirSync(path.join(webDir, path.dirname(PRERENDER_MODULE_FILE)), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(webDir, PAGE_HINTS_FILE), JSON.stringify(hints));
  if (drawer !== null) fs.writeFileSync(path.join(webDir, PRERENDER_MODULE_FILE), drawer);
}

describe('the public content screens, drawn by the server (decision 023)', () => {
  let t: TestApp;
  let webDir: string;
  const prerender = path.resolve(import.meta.dirname, '../../web/prerender.tsx');

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-drawn-'));
    writeBuild(webDir, `export * from ${JSON.stringify(prerender)};\n`);
    t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' }, build: { webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('draws /sermons from the sermons GET /api/sermons gives, disabled until the app takes over', async () => {
    const api = (await t.app.inject('/api/sermons')).json<{ sermons: { title: string }[] }>();
    expect(api.sermons.length).toBeGreaterThan(1);
    const res = await t.app.inject('/sermons');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('<h1 id="');
    expect(root).toContain('>Sermons</h1>');
    for (const { title } of api.sermons) expect(root).toContain(`>${title}</span>`);
    // The church's branding in the layout, as the app draws it.
    expect(root).toContain(`<span class="navbar-title">${t.app.ctx.church.productName}</span>`);
    // No link can be followed and no button pressed before the app is there.
    // (The skip link's target is on the page: it works already.)
    expect(root.match(/<a [^>]*href="[^"]*"/g)).toEqual(['<a class="skip-link" href="#main"']);
    expect(root).toMatch(/<a class="sermon-card" aria-disabled="true"/);
    expect(root.match(/<button(?![^>]*disabled)/g)).toBeNull();
    // The answers the screen was drawn from, for the app to start from: the API's own, and
    // without a session cookie nobody is signed in.
    expect(answersOf(res.body)).toEqual({ '/api/sermons': api, '/api/me': { user: null } });
    expect(root).toContain('>Log In/Sign Up</a>');
    // Its style sheets apply now; its code and the entry come after the first paint.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/sermons-5.css">');
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toMatch(
      /<script data-entry="\/assets\/index-abc.js" data-preload="\/assets\/vendor-1.js \/assets\/PageData-3.js \/assets\/SermonsPage-4.js">/,
    );
  });

  it('draws /devotional from its weeks', async () => {
    const api = (await t.app.inject('/api/devotional/weeks')).json<{
      weeks: { id: number; title: string }[];
    }>();
    const root = rootOf((await t.app.inject('/devotional')).body);
    expect(root).toContain('>Devotional</h1>');
    for (const week of api.weeks) {
      expect(root).toContain(`>Week <!-- -->${week.id}</span>`);
      expect(root).toContain(`>${week.title.replaceAll('&', '&amp;')}</span>`);
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
    const answers = answersOf(after.body) as { '/api/sermons': { sermons: { title: string }[] } };
    expect(answers['/api/sermons'].sermons.map((s) => s.title)).toContain(title);
  });

  it('draws the first signed-in screens only for a request that says it is signed in', async () => {
    const guest = { cookie: 'other=1; flock.guest=1' };
    const member = { cookie: await memberSession(t, 'member@example.com') };
    for (const url of ['/home', '/offerings']) {
      // Anyone else goes on to /auth: the app decides, from the page as built.
      expect((await t.app.inject(url)).body, url).toContain('<div id="root"></div>');
      const notAGuest = await t.app.inject({ url, headers: { cookie: 'flock.guest=0' } });
      expect(notAGuest.body).toContain('<div id="root"></div>');
      for (const headers of [guest, member]) {
        const root = rootOf((await t.app.inject({ url, headers })).body);
        expect(root, url).toContain('<main id="main"');
        expect(root).not.toMatch(/<(input|select|button)(?![^>]*\sdisabled)/);
      }
    }
    // A guest's page knows nobody is signed in: the greeting is the one the app will show.
    const asGuest = (await t.app.inject({ url: '/home', headers: guest })).body;
    expect(rootOf(asGuest)).toContain(`>Welcome to Your ${t.app.ctx.church.productName} App</h1>`);
    expect(answersOf(asGuest)).toEqual({ '/api/me': { user: null } });
    // A member's is drawn as the session is still asked for: nothing of theirs is in it.
    const asMember = (await t.app.inject({ url: '/home', headers: member })).body;
    expect(rootOf(asMember)).toContain('>Loading your profile...</h1>');
    expect(answersOf(asMember)).toBeNull();
    expect(asMember).not.toContain('member@example.com');
    // The offering form as it first shows, with the church's assemblies.
    const { assemblies } = (await t.app.inject('/api/church')).json<{
      assemblies: { label: string }[];
    }>();
    expect(assemblies.length).toBeGreaterThan(1);
    const offerings = rootOf((await t.app.inject({ url: '/offerings', headers: guest })).body);
    expect(offerings).toContain('>Offerings</h1>');
    for (const { label } of assemblies) expect(offerings).toContain(`>${label}</option>`);
  });

  it('leaves other routes to the app: a sermon of its own, an unknown page', async () => {
    const sermon = await t.app.inject('/sermons/sermon-01');
    expect(sermon.body).toContain('<div id="root"></div>');
    expect(sermon.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect((await t.app.inject('/no-such-screen')).body).toBe(indexHtml);
  });
});

describe('a build whose server bundle is missing or fails', () => {
  it('sends the page for the app to draw', async () => {
    for (const drawer of [
      null,
      'export const drawnScreens = { "/sermons": { answers: ["/api/sermons"] } };\nexport function renderScreen() { throw new Error("boom"); }\n',
    ]) {
      const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-drawn-'));
      writeBuild(webDir, drawer);
      const t = await createTestApp({ build: { webDir } });
      try {
        const res = await t.app.inject('/sermons');
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).toContain(
          '<link rel="modulepreload" crossorigin href="/assets/SermonsPage-4.js">',
        );
      } finally {
        await t.close();
        fs.rmSync(webDir, { recursive: true, force: true });
      }
    }
  });
});
