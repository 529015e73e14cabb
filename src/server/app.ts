import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createContext, type ContextOptions } from './create-context.ts';
import { startJobRunner } from './jobs.ts';
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
import type { FeatureOptions } from './core/feature.ts';
import { features } from './features/index.ts';
import { Drain } from './platform/shutdown.ts';

// The server, as a table of contents: the Fastify instance, the context every service is
// given, what runs on every request, each feature's routes (features/index.ts), and the web
// app's pages last.

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

export interface BuildOptions extends ContextOptions, FeatureOptions {
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Serve the built web app from this folder (default dist/web when it exists). */
  webDir?: string | null;
  /** Called for every route as it is added (the authorisation matrix reads the route table). */
  onRoute?: (route: RouteOptions) => void;
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
  // What each feature begins with the app (features/index.ts), then the job runner.
  for (const feature of features) await feature.start?.(app, ctx);
  startJobRunner(app, ctx);

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

  // The API, feature by feature (features/index.ts), and the files storage signs links to.
  for (const feature of features) {
    if (feature.routes) await app.register(feature.routes, { ctx, options });
  }
  await app.register(fileRoutes, { ctx });

  // The web app: its files, and a page for every other path.
  await registerPages(app, {
    ctx,
    webDir: options.webDir === undefined ? webDistDir : options.webDir,
  });
  return app;
}
