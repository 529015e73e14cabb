import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PAGE_ANSWERS_ID,
  PRERENDER_MODULE_FILE,
  PRERENDER_TOKENS,
  PRERENDERED_LOGIN_FILE,
} from '../../shared/prerender.ts';
import {
  PAGE_HINTS_FILE,
  pageHintsSchema,
  type DataHint,
  type PageHints,
} from '../../shared/page-hints.ts';
import type { Church } from '../db/content.ts';
import { escapeHtml } from './html.ts';

// The web app's page (index.html) for a path of one of its member routes, with that route's
// hints in its <head> (decision 018): the route's lazy modules as `modulepreload`, their CSS
// and the public answers its first screen asks for as `preload`. The browser then fetches them
// with the page, instead of finding each only once the code before it has arrived and run.
// Other paths get index.html as it is built; so does a page the service worker serves offline.
//
// Some pages hold their screen itself, so that a new member sees it before the app's code has
// arrived, its controls disabled until the app takes over; the code is asked for after that
// first paint. The login screen (/ and /auth) is drawn by the build, with the church's branding
// filled in here (decision 022). The public content screens (/sermons, /devotional) are drawn
// here, with the build's server bundle, from the answers their API gives, once per version of
// those answers; the page carries the answers too, for the app to start from (decision 023).

export interface Page {
  html: string;
  etag: string;
  /** Compressed once when the page is the same for every path of its route. */
  br?: Buffer;
  gzip?: Buffer;
}

type Route = PageHints['routes'][number];

/** The route's parameters when `pathname` is one of its paths (React Router's matching: case
 * does not matter, a trailing slash neither), else null. Values are as they came (encoded). */
function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = got[i] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = value;
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

const rules = new Map<string, RegExp>();
const wholeMatch = (rule: string) => {
  let regexp = rules.get(rule);
  if (!regexp) rules.set(rule, (regexp = new RegExp(`^(?:${rule})$`)));
  return regexp;
};

/** The API path the screen will ask for, or null when a parameter is not one it asks with. */
function dataPath(hint: DataHint, params: Record<string, string>): string | null {
  let missing = false;
  const filled = hint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    const rule = hint.params?.[name];
    if (value === undefined || !rule || !wholeMatch(rule).test(value)) missing = true;
    return value ?? '';
  });
  return missing ? null : filled;
}

function hintLinks(route: Route, params: Record<string, string>): string {
  const links = [
    // Answers first: the server's work on them overlaps the files' transfer.
    ...route.data
      .map((hint) => dataPath(hint, params))
      .filter((url) => url !== null)
      .map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`),
    ...route.scripts.map(
      (url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`,
    ),
    // Preloaded, not linked: the page's own loader adds each style sheet with its screen,
    // and until then it blocks nothing.
    ...route.styles.map(
      (url) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(url)}">`,
    ),
  ];
  return links.map((link) => `    ${link}\n`).join('');
}

/** The church's branding on the prerendered login screen (content/church.json). */
export type Brand = Pick<Church, 'productName' | 'churchName' | 'logoUrl' | 'colors'>;

/**
 * Asks for the app's code once the page's first contentful paint has been shown, and a frame
 * after it (the script's data-entry and data-preload): a request started before that paint
 * would be charged to it. Without paint timing (an old browser), a frame after the first; in
 * a tab that never paints (opened in the background), after 3 s. The entry first, then each
 * preloaded module in a task of its own: adding all of them at once was one 17–38 ms task
 * after the paint (decision 025). Inline, so allowed by its hash in the content security
 * policy (app.ts).
 */
export const BOOT_SCRIPT =
  '(function(s){var n=0;function go(){if(n++)return;' +
  "var u=s.dataset.preload.split(' ');" +
  "var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=s.dataset.entry;" +
  'document.head.appendChild(e);' +
  "(function next(){var h;while(u.length&&!h)h=u.shift();if(!h)return;var l=document.createElement('link');" +
  "l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);setTimeout(next)})()}" +
  'function later(){requestAnimationFrame(function(){setTimeout(go)})}' +
  "try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();later()}}).observe({type:'paint',buffered:true})}catch(x){later()}" +
  'setTimeout(go,3000)})(document.currentScript)';

export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const LOGIN_PATTERNS = new Set(['/', '/auth']);

/** The login screen's markup with the church's branding. */
function brandedLogin(fragment: string, brand: Brand): string {
  const church = escapeHtml(brand.churchName);
  return fragment
    .replace(/<p class="muted auth-church">[^<]*<\/p>/, (p) => (church ? p : ''))
    .replaceAll(PRERENDER_TOKENS.productName, escapeHtml(brand.productName))
    .replaceAll(PRERENDER_TOKENS.churchName, church)
    .replaceAll(PRERENDER_TOKENS.logoUrl, escapeHtml(brand.logoUrl));
}

/** A drawn screen as it waits for the app: every control disabled, no link followed yet. */
function untilTheApp(markup: string): string {
  return (
    markup
      // React's hint for the logo: the page paints without waiting for it.
      .replace(/<link rel="preload" as="image"[^>]*>/g, '')
      .replace(
        /<(input|button|select|textarea)(?![^>]*\sdisabled[\s=/>])(?=[\s/>])/g,
        '<$1 disabled',
      )
      // A link may need the app too ('Continue as Guest' sets the guest flag first); one to a
      // place on the page (the skip link) works without it.
      .replace(/<a ([^>]*?)href="(?!#)[^"]*"/g, '<a $1aria-disabled="true"')
  );
}

/**
 * A page with its screen drawn in #root: the church's colours and name as the app sets them,
 * the route's style sheets applied, the answers the screen was drawn from (JSON, `<` escaped
 * so that no text in them can close the script), and the entry with every module it preloads
 * asked for by BOOT_SCRIPT after the first paint. Null when index.html is not as the build
 * writes it.
 */
function drawnPage(
  indexHtml: string,
  route: Route,
  markup: string,
  brand: Brand,
  answersJson?: string,
): string | null {
  const entry = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(
    indexHtml,
  );
  if (!entry?.[1] || !indexHtml.includes('<div id="root"></div>')) return null;
  const preloads = [
    ...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
  ];
  const deferred = [...preloads.map((m) => m[1] as string), ...route.scripts];
  const { colors } = brand;
  const styles = route.styles
    .map((url) => `    <link rel="stylesheet" crossorigin href="${escapeHtml(url)}">\n`)
    .join('');
  const answers = answersJson
    ? `<script type="application/json" id="${PAGE_ANSWERS_ID}">${answersJson.replaceAll('<', '\\u003c')}</script>`
    : '';
  return indexHtml
    .replace(entry[0], '')
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(/([ \t]*)<\/head>/, (_, indent: string) => `${styles}${indent}</head>`)
    .replace(
      '<html lang="en">',
      `<html lang="en" style="${escapeHtml(
        `--color-primary:${colors.primary};--color-on-primary:${colors.onPrimary};--color-accent:${colors.accent}`,
      )}">`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.productName)}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      `<meta name="theme-color" content="${escapeHtml(colors.primary)}"`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root">${untilTheApp(markup)}</div>${answers}` +
        `<script data-entry="${escapeHtml(entry[1])}" data-preload="${escapeHtml(
          deferred.join(' '),
        )}">${BOOT_SCRIPT}</script>`,
    );
}

/** index.html with the route's links at the end of its <head>. */
function withHints(indexHtml: string, route: Route, params: Record<string, string>) {
  return indexHtml.replace(
    /([ \t]*)<\/head>/,
    (_, indent: string) => `${hintLinks(route, params)}${indent}</head>`,
  );
}

const compressors = {
  br: (html: string, quality: number) =>
    brotliCompressSync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      },
    }),
  gzip: (html: string, quality: number) => gzipSync(html, { level: Math.min(quality, 9) }),
};

/** A page the same for every path of its route is compressed once, as hard as it goes. */
function pageOf(html: string, compressNow: boolean): Page {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  if (!compressNow) return { html, etag };
  return {
    html,
    etag,
    br: compressors.br(html, zlibConstants.BROTLI_MAX_QUALITY),
    gzip: compressors.gzip(html, 9),
  };
}

/** What the server draws with: the build's server bundle of src/web/prerender.tsx. */
interface Drawer {
  /**
   * The patterns it draws, each with the API paths of the answers it is drawn from, and
   * whether only for a request that says it is signed in.
   */
  drawnScreens: Record<string, { answers: string[]; signedIn?: boolean }>;
  renderScreen(pattern: string, church: unknown, answers: Record<string, unknown>): Promise<string>;
}

/** What the server draws screens from: what GET would answer, for anyone. */
export interface PublicAnswers {
  /** GET /api/church: the branding in every screen's layout. */
  church: () => Promise<unknown>;
  /** The screens' own answers, by API path. */
  byPath: Record<string, () => Promise<unknown>>;
}

/** Who asks for a page, as far as the server can tell without a lookup. */
export interface PageRequest {
  /** It says it is signed in: a session cookie or the guest cookie (not checked). */
  signedIn: boolean;
  /** Answers known for this request alone, by API path (nobody signed in: GET /api/me). */
  known: Record<string, unknown>;
}

interface Built {
  indexHtml: string;
  routes: { route: Route; page: Page | null }[];
  /** Loaded with the build when the server gives answers to draw from. */
  drawer: Promise<Drawer | null> | null;
  /** Each drawn page (a route's, for what was known of the request), with its answers' version. */
  drawn: Map<string, { version: string; page: Page }>;
}

async function loadDrawer(file: string, version: number, log: (message: string) => void) {
  try {
    const drawer = (await import(`${pathToFileURL(file).href}?v=${version}`)) as Partial<Drawer>;
    if (typeof drawer.renderScreen === 'function' && drawer.drawnScreens) return drawer as Drawer;
    log(
      `${PRERENDER_MODULE_FILE} is not what this server reads: screens are drawn in the browser.`,
    );
  } catch (error) {
    log(
      `${PRERENDER_MODULE_FILE} did not load (${String(error)}): screens are drawn in the browser.`,
    );
  }
  return null;
}

function readBuild(
  webDir: string,
  version: number,
  log: (message: string) => void,
  brand: Brand | undefined,
  answers: PublicAnswers | undefined,
): Built | null {
  const hintsFile = path.join(webDir, PAGE_HINTS_FILE);
  if (!fs.existsSync(hintsFile)) return null;
  let parsed;
  try {
    parsed = pageHintsSchema.safeParse(JSON.parse(fs.readFileSync(hintsFile, 'utf8')));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    log(`${PAGE_HINTS_FILE} is not what this server reads: pages go without hints.`);
    return null;
  }
  const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!indexHtml.includes('</head>')) return null;
  const loginFile = path.join(webDir, PRERENDERED_LOGIN_FILE);
  const login =
    brand && fs.existsSync(loginFile)
      ? { fragment: fs.readFileSync(loginFile, 'utf8'), brand }
      : null;
  const drawerFile = path.join(webDir, PRERENDER_MODULE_FILE);
  return {
    indexHtml,
    routes: parsed.data.routes.map((route) => {
      const prerendered =
        login && LOGIN_PATTERNS.has(route.pattern)
          ? drawnPage(indexHtml, route, brandedLogin(login.fragment, login.brand), login.brand)
          : null;
      return {
        route,
        // A route without parameters in its hints has one page: compressed once, here.
        page: prerendered
          ? pageOf(prerendered, true)
          : route.data.some((hint) => hint.path.includes(':'))
            ? null
            : pageOf(withHints(indexHtml, route, {}), true),
      };
    }),
    drawer:
      brand && answers && fs.existsSync(drawerFile) ? loadDrawer(drawerFile, version, log) : null,
    drawn: new Map(),
  };
}

/**
 * The route's page with its screen drawn from the current answers, or null when the route is
 * not one the server draws (or drawing failed: the app then draws it, as on any other page).
 */
async function drawnRoutePage(
  built: Built,
  route: Route,
  request: PageRequest,
  brand: Brand,
  answers: PublicAnswers,
  log: (message: string) => void,
): Promise<Page | null> {
  const drawer = await built.drawer;
  const screen = drawer?.drawnScreens[route.pattern];
  if (!drawer || !screen || !screen.answers.every((api) => answers.byPath[api])) return null;
  // Anyone else is sent on to /auth by the app: a drawn screen would only flash.
  if (screen.signedIn && !request.signedIn) return null;
  try {
    const [church, given] = await Promise.all([
      answers.church(),
      Promise.all(
        screen.answers.map(async (api) => [api, await answers.byPath[api]!()] as const),
      ).then((own) => ({ ...request.known, ...Object.fromEntries(own) })),
    ]);
    // The page carries the screen's answers; the app asks for the church's itself.
    const json = Object.keys(given).length ? JSON.stringify(given) : undefined;
    const version = JSON.stringify([church, given]);
    // One page per route and what is known of the request (a guest's, a member's).
    const key = `${route.pattern} ${JSON.stringify(request.known)}`;
    const drawn = built.drawn.get(key);
    if (drawn?.version === version) return drawn.page;
    const markup = await drawer.renderScreen(route.pattern, church, given);
    const html = drawnPage(built.indexHtml, route, markup, brand, json);
    if (!html) return null;
    const page = pageOf(html, true);
    built.drawn.set(key, { version, page });
    return page;
  } catch (error) {
    log(`${route.pattern} could not be drawn (${String(error)}): the app draws it.`);
    return null;
  }
}

/**
 * The page for a path of the web app: with its route's hints (or its screen drawn), or null
 * for index.html as it is (no route matches, or the build wrote no hints). Reads the build
 * once, and again when a new build has replaced index.html. `answers` are the public answers
 * the server may draw a screen from.
 */
export function createPages(
  webDir: string,
  log: (message: string) => void,
  brand?: Brand,
  answers?: PublicAnswers,
) {
  const indexFile = path.join(webDir, 'index.html');
  let builtAt = -1;
  let built: Built | null = null;

  return async function pageFor(
    pathname: string,
    request: PageRequest = { signedIn: false, known: {} },
  ): Promise<Page | null> {
    const mtime = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (mtime !== builtAt) {
      builtAt = mtime;
      built = mtime === -1 ? null : readBuild(webDir, mtime, log, brand, answers);
    }
    if (!built) return null;
    for (const { route, page } of built.routes) {
      const params = matchPattern(route.pattern, pathname);
      if (!params) continue;
      const drawn =
        built.drawer && brand && answers
          ? await drawnRoutePage(built, route, request, brand, answers, log)
          : null;
      return drawn ?? page ?? pageOf(withHints(built.indexHtml, route, params), false);
    }
    return null;
  };
}

/** The encoding to send, from Accept-Encoding (a q of 0 refuses one). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...options] = part.trim().toLowerCase().split(';');
    const q = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Sends a page as index.html is sent (uncached: `no-cache`, an ETag to revalidate with),
 * compressed as the browser accepts: in advance, or now (quickly) for a page of one path.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page) {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
    return reply.status(304).send();
  }
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.html);
  // Its Content-Encoding tells @fastify/compress to leave it as it is.
  return reply
    .header('content-encoding', encoding)
    .send(page[encoding] ?? compressors[encoding](page.html, 5));
}
