import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '../../shared/accounts.ts';
import { isLanguage, LANGUAGES, webDirOf, type Language } from '../../shared/languages.ts';
import { GUEST_COOKIE, GUEST_PATH } from '../../shared/pages.ts';
import type { AppContext } from '../context.ts';
import { errorBody } from '../http/errors.ts';
import { sendOnce } from '../http/etag.ts';
import { DOCUMENT_ONLY_HEADERS, pagePolicy } from '../http/security-headers.ts';
import { hasGuestCookie, hasSessionCookie } from '../platform/auth.ts';
import { localeOfCookie } from '../platform/locale.ts';
import { ensureGuestId } from '../platform/guest-giver.ts';
import { pageLanguage } from '../features/profile/language.ts';
import { routeFor, watchBuild } from './build.ts';
import { createDrawing } from './drawing.ts';
import { pageHtml } from './template.ts';

// Serving the web app (decision 027): its built files, and every page, written by the server
// from the build's description of its routes: drawn for the routes the table marks `drawn`,
// with its route's hints for the others, and 'Page not found' (404) for a path no screen has.
// The server's own pages (/dev/…, /sandbox/…) and the API are elsewhere.

/** As long as the app keeps its own copy (useIsGuest.ts): 400 days, browsers' longest. */
const GUEST_COOKIE_SECONDS = 400 * 24 * 3600;

/**
 * The built files that differ by language (decision 043): the service worker (its precache is
 * its build's shell) and the page it keeps for offline use. The rest are the same in each
 * build, or hashed.
 */
const LANGUAGE_FILES = new Set(['/sw.js', '/index.html']);

/**
 * The language of a file that differs by language: the one a page asks for (its worker's
 * address says it, `workerPath`), else the cookie's.
 */
function fileLanguage(request: FastifyRequest): Language {
  const { lang } = (request.query ?? {}) as { lang?: unknown };
  return isLanguage(lang) ? lang : localeOfCookie(request.headers.cookie);
}

/** Paths that are never a page of the web app. */
const NOT_PAGES = ['/api/', '/dev/', '/sandbox/'];

/** Hashed build output never changes; everything else is revalidated. */
function staticFiles(app: FastifyInstance, webDir: string) {
  return app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // English's worker and offline page to English's pages only; another language's are sent
    // by the pages (registerPages).
    allowedPath: (pathname, _root, request) =>
      !LANGUAGE_FILES.has(pathname) || fileLanguage(request) === LANGUAGES[0],
    // The build writes .br and .gz copies (scripts/precompress.ts); send those when accepted.
    preCompressed: true,
    // Nothing here is large enough to be fetched in parts (scripts, styles, icons).
    acceptRanges: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'max-age=31536000, immutable' : 'no-cache');
      // A script, style sheet or image is not a document: the document-only headers (CSP,
      // framing, referrer, permissions…) do nothing on it but cost ≈ 0.9 kB on every file of
      // a cold visit (issue 16). nosniff, CORP, HSTS and the cache headers stay.
      if (hashed) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        reply.removeHeader('last-modified');
      }
    },
  });
}

/**
 * The web app's files and pages, from the build in `webDir` (none: pages say the app is not
 * built yet). Registered last: pages answer whatever no route does.
 */
export async function registerPages(
  app: FastifyInstance,
  { ctx, webDir }: { ctx: AppContext; webDir: string | null },
) {
  const built = webDir !== null && fs.existsSync(path.join(webDir, 'index.html'));
  if (built) await staticFiles(app, webDir);
  const log = (message: string) => app.log.warn(message);
  // Each language's build (decision 043): English's, and another's beside it when it was
  // built (its hashed files are in English's assets); a page in a language without a build
  // is English's.
  // Every language's screens are drawn with English's server bundle (it has every language).
  const english = built ? watchBuild(webDir, log) : () => null;
  const englishDrawer = async () => (await english()?.drawer) ?? null;
  const builds = new Map(
    LANGUAGES.map((language) => {
      const dir = webDirOf(webDir ?? '', language);
      const current =
        language === LANGUAGES[0]
          ? english
          : built
            ? watchBuild(dir, log, englishDrawer)
            : () => null;
      return [language, current] as const;
    }),
  );
  const buildIn = (language: Language) =>
    builds.get(language)?.() ?? builds.get(LANGUAGES[0])?.() ?? null;
  // What GET would answer anyone: the screens are drawn from exactly that.
  const draw = createDrawing(async (apiPath) => {
    const answer = await app.inject({ method: 'GET', url: apiPath });
    if (answer.statusCode !== 200) throw new Error(`GET ${apiPath} answered ${answer.statusCode}`);
    return answer.json();
  }, log);

  // A drawn page's policy allows its boot script, by hash: one policy per build.
  const policies = new Map<string, string>();
  const policyFor = (hash: string) => {
    let policy = policies.get(hash);
    if (!policy) policies.set(hash, (policy = pagePolicy(ctx.config, [hash])));
    return policy;
  };

  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    // A signed-in member's in their account's (decision 053).
    const language = await pageLanguage(ctx, request, reply);
    const build = buildIn(language);
    if (!build) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    const route = routeFor(build.pages, pathname);
    if (!route) reply.status(404);
    // Drawn for who the request says it is: without a session cookie nobody is signed in,
    // and the page can say so at once.
    const session = hasSessionCookie(request);
    const drawn =
      route && build.boot
        ? await draw(build, route.route, {
            signedIn: session || hasGuestCookie(request),
            known: session ? {} : { '/api/me': { user: null } satisfies Me },
            language,
          })
        : null;
    if (drawn && build.boot) reply.header('content-security-policy', policyFor(build.boot.hash));
    const html = pageHtml(build.pages.shell, ctx.church, {
      route,
      language,
      ...(drawn && build.boot ? { drawn: { ...drawn, boot: build.boot.source } } : {}),
    });
    return sendOnce(request, reply, html, 'text/html; charset=utf-8');
  }

  // 'Continue as Guest' as an ordinary link, for a tap before the app is there: the guest
  // cookie (which the app reads as its guest flag), then /home drawn for a guest.
  app.get(GUEST_PATH, (request, reply) => {
    const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
    // The device's own guest id, so what a guest gives stays visible here (decision 029).
    ensureGuestId(ctx, request, reply);
    return reply
      .header(
        'set-cookie',
        `${GUEST_COOKIE}=1; Path=/; Max-Age=${GUEST_COOKIE_SECONDS}; SameSite=Lax${secure}`,
      )
      .header('cache-control', 'no-store')
      .redirect('/home', 303);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Another language's service worker or offline page: the static files answer English's.
    if (LANGUAGE_FILES.has(pathname) && built && request.method === 'GET') {
      const dir = webDirOf(webDir, fileLanguage(request));
      const file = pathname.slice(1);
      if (fs.existsSync(path.join(dir, file))) {
        return reply.header('cache-control', 'no-cache').sendFile(file, dir);
      }
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_PAGES.some((prefix) => pathname.startsWith(prefix)) &&
      !path.extname(pathname);
    if (isPage) return sendPage(request, reply, pathname);
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `No such endpoint: ${request.method} ${pathname}`));
  });
}
