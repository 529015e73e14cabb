import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { emailCheckSchema, signUpSchema } from '../../../shared/schemas/accounts.ts';
import type { AppContext } from '../../context.ts';
import { AppError, errorBody, parseInput } from '../../http/errors.ts';
import { AUTH_BASE_PATH, authHeaders } from '../../platform/auth.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { getMe, isEmailAvailable, signUp } from './accounts.service.ts';

// Auth library endpoints that also get a per-account limit (the library limits per client).
const perAccountLimited = new Set([
  '/sign-in/email',
  '/request-password-reset',
  '/send-verification-email',
]);

async function forwardToAuth(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, ctx.config.publicUrl);
  const path = url.pathname.slice(AUTH_BASE_PATH.length);

  const body = request.body as { email?: unknown } | undefined;
  if (request.method === 'POST' && perAccountLimited.has(path) && typeof body?.email === 'string') {
    const email = body.email.trim().toLowerCase();
    const limit = await consumeRateLimit(
      ctx.db,
      `account:${path}:${email}`,
      ctx.config.authRateLimit,
      15 * 60 * 1000,
    );
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSeconds));
      throw new AppError(
        429,
        'RATE_LIMITED',
        'Too many attempts for this account. Please wait a few minutes and try again.',
      );
    }
  }

  const headers = authHeaders(request);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  const response = await ctx.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
    }),
  );

  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status >= 400) {
    // One error shape for the whole API.
    let code = response.status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR';
    let message =
      response.status === 429
        ? 'Too many attempts. Please wait a few minutes and try again.'
        : 'Request failed.';
    try {
      const parsed = JSON.parse(text) as { code?: string; message?: string };
      if (parsed.code) code = parsed.code;
      if (parsed.message && response.status !== 429) message = parsed.message;
    } catch {
      // not JSON: keep the defaults
    }
    return reply.type('application/json').send(errorBody(code, message));
  }
  return reply.send(text || null);
}

export const accountsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limit = { max: ctx.config.authRateLimit, timeWindow: '15 minutes' };

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    handler: (request, reply) => forwardToAuth(ctx, request, reply),
  });

  app.post('/api/accounts/sign-up', { config: { rateLimit: limit } }, async (request, reply) => {
    const input = parseInput(signUpSchema, request.body);
    await signUp(ctx, input, authHeaders(request));
    return reply.status(201).send({ ok: true });
  });

  // Rate-limited per client so it cannot be used to list members.
  app.post(
    '/api/accounts/email-available',
    { config: { rateLimit: { max: ctx.config.authRateLimit * 3, timeWindow: '15 minutes' } } },
    async (request) => {
      const { email } = parseInput(emailCheckSchema, request.body);
      return { available: await isEmailAvailable(ctx, email) };
    },
  );

  app.get('/api/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getMe(ctx, authHeaders(request));
  });
};
