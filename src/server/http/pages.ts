import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRERENDER_TOKENS, PRERENDERED_LOGIN_FILE } from '../../shared/prerender.ts';
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
// The login screen's page (/ and /auth) holds that screen itself, drawn at build time, with the
// church's branding (decision 022): a new member sees it before the app's code has arrived, its
// controls disabled until the app takes over. The code is asked for after that first paint.

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
 * Asks for the app's code once the page has painted (the script's data-entry and
 * data-preload); inline, so allowed by its hash in the content security policy (app.ts).
 */
export const BOOT_SCRIPT =
  '(function(s){requestAnimationFrame(function(){setTimeout(function(){' +
  "s.dataset.preload.split(' ').forEach(function(u){if(!u)return;var l=document.createElement('link');" +
  "l.rel='modulepreload';l.crossOrigin='';l.href=u;document.head.appendChild(l)});" +
  "var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=s.dataset.entry;" +
  'document.head.appendChild(e)})})})(document.currentScript)';

export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const LOGIN_PATTERNS = new Set(['/', '/auth']);

/** The login screen's markup with the church's branding, every control and link disabled. */
function loginMarkup(fragment: string, brand: Brand): string {
  const church = escapeHtml(brand.churchName);
  return (
    fragment
      // React's hint for the logo: the page paints without waiting for it.
      .replace(/<link rel="preload" as="image"[^>]*>/g, '')
      .replace(/<p class="muted auth-church">[^<]*<\/p>/, (p) => (church ? p : ''))
      .replaceAll(PRERENDER_TOKENS.productName, escapeHtml(brand.productName))
      .replaceAll(PRERENDER_TOKENS.churchName, church)
      .replaceAll(PRERENDER_TOKENS.logoUrl, escapeHtml(brand.logoUrl))
      .replace(/<(input|button|select|textarea)(?=[\s/>])/g, '<$1 disabled')
      // A link may need the app too ('Continue as Guest' sets the guest flag first).
      .replace(/<a ([^>]*?)href="[^"]*"/g, '<a $1aria-disabled="true"')
  );
}

/**
 * The login screen's page: its markup in #root, the church's colours and name as the app sets
 * them, and the entry with every module it preloads asked for by BOOT_SCRIPT after the first
 * paint. Null when index.html is not as the build writes it.
 */
function withPrerenderedLogin(indexHtml: string, route: Route, fragment: string, brand: Brand) {
  const entry = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(
    indexHtml,
  );
  if (!entry?.[1] || !indexHtml.includes('<div id="root"></div>')) return null;
  const preloads = [
    ...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
  ];
  const deferred = [...preloads.map((m) => m[1] as string), ...route.scripts];
  const { colors } = brand;
  const html = withHints(
    indexHtml.replace(entry[0], '').replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, ''),
    // Only its style sheets up front: its data and code come with the app.
    { ...route, data: [], scripts: [] },
    {},
  );
  return html
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
      `<div id="root">${loginMarkup(fragment, brand)}</div>` +
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

interface Built {
  indexHtml: string;
  routes: { route: Route; page: Page | null }[];
}

function readBuild(
  webDir: string,
  log: (message: string) => void,
  brand: Brand | undefined,
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
  return {
    indexHtml,
    routes: parsed.data.routes.map((route) => {
      const prerendered =
        login && LOGIN_PATTERNS.has(route.pattern)
          ? withPrerenderedLogin(indexHtml, route, login.fragment, login.brand)
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
  };
}

/**
 * The page for a path of the web app: with its route's hints, or null for index.html as it is
 * (no route matches, or the build wrote no hints). Reads the build once, and again when a new
 * build has replaced index.html.
 */
export function createPages(webDir: string, log: (message: string) => void, brand?: Brand) {
  const indexFile = path.join(webDir, 'index.html');
  let builtAt = -1;
  let built: Built | null = null;

  return function pageFor(pathname: string): Page | null {
    const mtime = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (mtime !== builtAt) {
      builtAt = mtime;
      built = mtime === -1 ? null : readBuild(webDir, log, brand);
    }
    if (!built) return null;
    for (const { route, page } of built.routes) {
      const params = matchPattern(route.pattern, pathname);
      if (!params) continue;
      return page ?? pageOf(withHints(built.indexHtml, route, params), false);
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
