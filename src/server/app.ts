import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createContext, type ContextOptions } from './create-context.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { applyAdminEmails } from './features/accounts/accounts.service.ts';
import { churchRoutes } from './features/church/church.routes.ts';
import { devotionalRoutes } from './features/devotional/devotional.routes.ts';
import { financeRoutes } from './features/finance/finance.routes.ts';
import { startGivingBackground } from './features/giving/giving.background.ts';
import { startJobRunner } from './jobs.ts';
import { givingRoutes } from './features/giving/giving.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { recurringRoutes } from './features/recurring/recurring.routes.ts';
import { mailboxRoutes } from './features/mailbox/mailbox.routes.ts';
import { ussdRoutes } from './features/ussd/ussd.routes.ts';
import { pledgesRoutes } from './features/pledges/pledges.routes.ts';
import { checkinRoutes } from './features/checkin/checkin.routes.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { prayerRoutes } from './features/prayer/prayer.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { pastorRoutes } from './features/pastor/pastor.routes.ts';
import type { PastorSocketLimits } from './features/pastor/pastor.socket.ts';
import type { PastorMessageLimits } from './features/pastor/message-limits.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { sermonsRoutes } from './features/sermons/sermons.routes.ts';
import { videosRoutes } from './features/videos/videos.routes.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { workersRoutes } from './features/workers/workers.routes.ts';
import { registerCompression } from './http/compressed.ts';
import { clientErrorHandler, frameworkErrors, registerEdgeChecks } from './http/edge.ts';
import { registerErrorHandling } from './http/errors.ts';
import { logControllerFor } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerPages } from './pages/pages.ts';
import { trustedOrigins } from './platform/auth.ts';
import { pgRateLimitStore } from './platform/rate-limit.ts';
import { registerRequestLocale } from './platform/locale.ts';
import { fileRoutes } from './platform/storage/file.routes.ts';
import { Drain } from './platform/shutdown.ts';

// The server, as a table of contents: the Fastify instance, the context every service is
// given, what runs on every request, each feature's routes, and the web app's pages last.

export const webDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/web',
);

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

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions extends ContextOptions {
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Serve the built web app from this folder (default dist/web when it exists). */
  webDir?: string | null;
  /** Called for every route as it is added (the authorisation matrix reads the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** How often an open pastor socket checks its session and approval again (default 60 s). */
  pastorSocketRecheckMs?: number;
  /** Caps and handshake limit of the pastor socket (defaults in pastor.socket.ts). */
  pastorSocketLimits?: Partial<PastorSocketLimits>;
  /** How fast one pastor may write messages (defaults in pastor/message-limits.ts). */
  pastorMessageLimits?: Partial<PastorMessageLimits>;
}

/** Each feature's HTTP routes (features/<feature>/<feature>.routes.ts). */
const featureRoutes = [
  healthRoutes,
  churchRoutes,
  accountsRoutes,
  profileRoutes,
  notificationRoutes,
  givingRoutes,
  historyRoutes,
  recurringRoutes,
  financeRoutes,
  pledgesRoutes,
  checkinRoutes,
  prayerRoutes,
  eventsRoutes,
  sermonsRoutes,
  videosRoutes,
  devotionalRoutes,
  supportRoutes,
  workersRoutes,
  fileRoutes,
  ussdRoutes,
  mailboxRoutes,
];

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
    logController: logControllerFor(config),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  // Tests and scripts reach services through the same context the routes use.
  const ctx = await createContext(app, config, options);
  app.decorate('ctx', ctx);
  // Begun on SIGTERM (platform/shutdown.ts): readiness, the socket and the job runner read it.
  app.decorate('drain', new Drain());
  startGivingBackground(app, ctx);
  startJobRunner(app, ctx);
  const admins = await applyAdminEmails(ctx, config.adminEmails);
  if (admins > 0) app.log.info({ admins }, 'ADMIN_EMAILS applied');

  // On every request.
  registerErrorHandling(app);
  registerEdgeChecks(app, {
    trustedOrigins: trustedOrigins(config),
    originExempt: ['/api/webhooks/', '/api/ussd/'],
  });
  registerSecurityHeaders(app, config);
  registerRequestLocale(app);
  // JSON only: anything else gets a 415 instead of reaching the schemas as a string.
  app.removeContentTypeParser('text/plain');
  await registerCompression(app);
  await app.register(fastifyRateLimit, {
    global: false,
    store: pgRateLimitStore(ctx.db),
    // Rate limits must not become the reason a request fails.
    skipOnError: true,
  });

  // The API, feature by feature.
  for (const routes of featureRoutes) await app.register(routes, { ctx });
  await app.register(pastorRoutes, {
    ctx,
    socketRecheckMs: options.pastorSocketRecheckMs,
    socketLimits: options.pastorSocketLimits,
    messageLimits: options.pastorMessageLimits,
  });

  // The web app: its files, and a page for every other path.
  await registerPages(app, {
    ctx,
    webDir: options.webDir === undefined ? webDistDir : options.webDir,
  });
  return app;
}
