import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { loadChurch, loadContent } from './db/content.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { applyAdminEmails } from './features/accounts/accounts.service.ts';
import { SessionCache } from './platform/session-cache.ts';
import { churchRoutes } from './features/church/church.routes.ts';
import { getChurchInfo } from './features/church/church.service.ts';
import { givingRoutes } from './features/giving/giving.routes.ts';
import { startGivingBackground } from './features/giving/giving.background.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { devotionalRoutes } from './features/devotional/devotional.routes.ts';
import { listWeeks } from './features/devotional/devotional.service.ts';
import { financeRoutes } from './features/finance/finance.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { mailboxRoutes } from './features/mailbox/mailbox.routes.ts';
import { pastorRoutes } from './features/pastor/pastor.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { sermonsRoutes } from './features/sermons/sermons.routes.ts';
import { listSermons } from './features/sermons/sermons.service.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { workersRoutes } from './features/workers/workers.routes.ts';
import { brotliOptions, COMPRESS_THRESHOLD, ENCODINGS } from './http/compressed.ts';
import { clientErrorHandler, frameworkErrors, registerEdgeChecks } from './http/edge.ts';
import { errorBody, registerErrorHandling } from './http/errors.ts';
import { BOOT_SCRIPT_SOURCE, createPages, sendPage } from './http/pages.ts';
import type { Me } from '../shared/accounts.ts';
import { createAuth, hasGuestCookie, hasSessionCookie, trustedOrigins } from './platform/auth.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createPayments } from './platform/payments/payments.ts';
import { pgRateLimitStore } from './platform/rate-limit.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';
import { loadSecrets } from './platform/secrets.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import type { Storage } from './platform/storage/storage.ts';
import { fileRoutes } from './platform/storage/file.routes.ts';

export const webDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/web',
);

// Third parties the spec embeds (§7): the video platform's privacy-enhanced player and
// thumbnails, and document preview frames for the devotional.
const embedFrames = [
  'https://www.youtube-nocookie.com',
  'https://docs.google.com',
  'https://drive.google.com',
];
const embedImages = ['https://i.ytimg.com', 'https://img.youtube.com'];

const permissionsPolicy =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=()';

/**
 * TRUST_PROXY for Fastify. A hop count is turned into a function: Fastify 5 given a number
 * trusts nothing on purpose, which would leave every client behind the proxy's address.
 */
export function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** Helmet's settings: the content security policy the spec's embeds need (§7), and more. */
function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The login page's one inline script, by its hash (http/pages.ts).
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
        // react-toastify and React style attributes need inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the applicant's own photo, previewed before it is uploaded.
        imgSrc: ["'self'", 'data:', 'blob:', ...embedImages],
        frameSrc: embedFrames,
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Embedded players and document frames are cross-origin.
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: with it a browser sends `Origin: null` on a form POST (the
    // test-mode checkout), which the origin check refuses, and the video platform refuses
    // embeds that do not say which site they are on. Other sites see only our origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.env === 'production',
  };
}

/** Security headers that only act on a document (or a worker script), not on a hashed asset. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
];

/**
 * The headers of an API answer (JSON, a file, a PDF): never a page that loads, frames or
 * links anything, so OWASP's set for REST answers, with a policy that allows nothing, in
 * place of a page's (≈ 250 bytes instead of ≈ 1,000 on every answer a phone receives).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'cross-origin-resource-policy',
  ];
  return {
    ...Object.fromEntries(
      kept.filter((name) => name in pageHeaders).map((name) => [name, pageHeaders[name]!]),
    ),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
}

/** The headers a helmet middleware sets (it sets the same ones on every response). */
function headersOf(
  middleware: (req: never, res: never, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => {},
  };
  middleware({} as never, res as never, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * One line per answer worth reading: every error (4xx, 5xx; 5xx as errors) and redirect, and
 * any answer slower than SLOW_REQUEST_MS. Successful, quick answers are not logged (at debug
 * and trace, Fastify logs every request itself). Written where Fastify logs a completed
 * request rather than in an onResponse hook: a hook would run for every answer of every
 * route just to return (issue 16 #4).
 */
class ResponseLog extends LogController {
  readonly #slowMs: number;

  constructor(slowMs: number) {
    super({ disableRequestLogging: true });
    this.#slowMs = slowMs;
  }

  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const slow = ms >= this.#slowMs;
    if ((status < 300 || status === 304) && !slow) return;
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      status,
      ms: Math.round(ms),
      ip: request.ip,
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (slow) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request');
  }
}

/** Fastify's request logging for a log level: every request at debug and trace. */
function logControllerFor(config: Config): LogController {
  if (['debug', 'trace'].includes(config.logLevel)) return new LogController();
  if (config.logLevel === 'silent') return new LogController({ disableRequestLogging: true });
  return new ResponseLog(config.slowRequestMs);
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** An open database; otherwise one is opened from config. */
  database?: Database;
  /** Close `database` when the app closes (default: only when the app opened it). */
  ownsDatabase?: boolean;
  mailer?: Mailer;
  storage?: Storage;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Serve the built web app from this folder (default dist/web when it exists). */
  webDir?: string | null;
  /** Called for every route as it is added (the authorisation matrix reads the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** The server's clock (tests move it to the edges of the message windows). */
  now?: () => Date;
  /** How often an open pastor socket checks its session and approval again (default 60 s). */
  pastorSocketRecheckMs?: number;
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization'],
          },
    // A line per request costs a quarter of the throughput (issue 16 #5): below debug, only
    // the answers worth reading are logged (see ResponseLog).
    logController: logControllerFor(config),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  const ownsDatabase = options.ownsDatabase ?? !options.database;
  const database = options.database ?? (await openDatabase(config));
  let realtime: Realtime | undefined;
  app.addHook('onClose', async () => {
    // The listening connection goes before the database it listens on.
    await realtime?.close();
    if (ownsDatabase) await database.close();
  });

  await database.migrate();
  const changed = await loadContent(database.db, config.contentDir);
  if (changed.length > 0) app.log.info({ changed }, 'content files applied');

  const secrets = loadSecrets(config.dataDir, { authSecret: config.authSecret });
  const mailer =
    options.mailer ??
    (await createMailer({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      db: database.db,
      log: app.log,
    }));
  if (mailer.kind === 'dev' && config.env !== 'test') {
    app.log.warn(
      'SMTP_URL is not set: mail is NOT delivered. It is kept at /dev/mailbox (this machine only).',
    );
  }
  app.addHook('onClose', async () => mailer.close());

  const church = loadChurch(config.contentDir);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    church,
    secrets,
    mailer,
    auth: createAuth({ config, db: database.db, mailer, church, secrets, log: app.log }),
    sessions: new SessionCache(config.sessionCacheMs),
    payments: createPayments(config),
    storage: options.storage ?? (await createStorage(config, secrets)),
    realtime: (realtime = await createRealtime(database, app.log)),
    now: options.now ?? (() => new Date()),
    log: app.log,
  };

  // Tests and scripts reach services through the same context the routes use.
  app.decorate('ctx', ctx);
  startGivingBackground(app, ctx);
  const admins = await applyAdminEmails(ctx, config.adminEmails);
  if (admins > 0) app.log.info({ admins }, 'ADMIN_EMAILS applied');

  registerErrorHandling(app);
  registerEdgeChecks(app, {
    trustedOrigins: trustedOrigins(config),
    originExempt: ['/api/webhooks/'],
  });
  // The same security headers on every answer, worked out once (the Fastify plugin ran the
  // whole helmet configuration again for each request: issue 16 #4).
  const pageHeaders = {
    ...headersOf(helmet(helmetOptions(config))),
    // Flock uses none of these; a page that is ever injected into cannot either.
    'permissions-policy': permissionsPolicy,
  };
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });
  // JSON only: anything else gets a 415 instead of reaching the schemas as a string.
  app.removeContentTypeParser('text/plain');

  // JSON answers over 1 KiB go brotli or gzip, as the browser accepts (a long history is
  // mostly repeated keys). Built files are already compressed (decision 009), and answers
  // every member gets alike once per version (http/compressed.ts): a response that has its
  // Content-Encoding is left alone.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions,
    // In one call rather than through a zlib stream for answers up to 64 KiB (every JSON
    // answer of ours): no stream, one write with a Content-Length instead of chunks. The
    // plugin's default on 2 cores is 8 KiB, which streamed the history pages; the 200-member
    // load on PostgreSQL went from ≈ 1,550 to ≈ 2,100 req/s (decision 017).
    syncThreshold: 64 * 1024,
    // Requests are never compressed by our pages (a phone uploads little JSON); inflating
    // them would add a hook to every route and a decompression-bomb surface for nothing.
    globalDecompression: false,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: pgRateLimitStore(database.db),
    // Rate limits must not become the reason a request fails.
    skipOnError: true,
  });

  await app.register(healthRoutes, { ctx });
  await app.register(churchRoutes, { ctx });
  await app.register(accountsRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(givingRoutes, { ctx });
  await app.register(historyRoutes, { ctx });
  await app.register(financeRoutes, { ctx });
  await app.register(sermonsRoutes, { ctx });
  await app.register(devotionalRoutes, { ctx });
  await app.register(supportRoutes, { ctx });
  await app.register(workersRoutes, { ctx });
  await app.register(pastorRoutes, { ctx, socketRecheckMs: options.pastorSocketRecheckMs });
  await app.register(fileRoutes, { ctx });
  await app.register(mailboxRoutes, { ctx });

  const webDir = options.webDir === undefined ? webDistDir : options.webDir;
  const hasWeb = webDir !== null && fs.existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (scripts/precompress.ts); send those when accepted.
      preCompressed: true,
      // Nothing here is large enough to be fetched in parts (scripts, styles, icons).
      acceptRanges: false,
      setHeaders(reply, filePath) {
        // Hashed build output never changes; everything else is revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'max-age=31536000, immutable' : 'no-cache');
        // A script, style sheet or image is not a document: the document-only headers
        // (CSP, framing, referrer, permissions…) do nothing on it but cost ≈ 0.9 kB on every
        // file of a cold visit (issue 16). nosniff, CORP, HSTS (ASVS 3.4.1: on every answer,
        // docs/security.md) and the cache headers stay.
        if (hashed) {
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          reply.removeHeader('last-modified');
        }
      },
    });
  }

  // A member route's page names the files and answers its first screen needs (decision 018).
  const pageFor = hasWeb
    ? createPages(webDir, (message) => app.log.warn(message), ctx.church, {
        // What GET would answer, for the screens the server draws (decision 023).
        church: () => getChurchInfo(ctx),
        byPath: {
          '/api/sermons': async () => ({ sermons: await listSermons(ctx) }),
          '/api/devotional/weeks': async () => ({ weeks: await listWeeks(ctx) }),
        },
      })
    : null;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !['/api/', '/dev/', '/sandbox/'].some((prefix) => url.startsWith(prefix)) &&
      !path.extname(url);
    if (isPage && pageFor) {
      // A drawn page is drawn for who the request says it is (decision 023): without a session
      // cookie nobody is signed in, and the page can say so at once.
      const session = hasSessionCookie(request);
      const page = await pageFor(url, {
        signedIn: session || hasGuestCookie(request),
        known: session ? {} : { '/api/me': { user: null } satisfies Me },
      });
      if (page) return sendPage(request, reply, page);
      // Single-page app: the browser router decides, including its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (isPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `No such endpoint: ${request.method} ${url}`));
  });

  return app;
}
