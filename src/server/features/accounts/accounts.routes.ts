import { m } from '../../../paraglide/messages.js';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  emailCheckSchema,
  phoneErrorText,
  phoneOnlySchema,
  phoneResetSchema,
  phoneSignInSchema,
  phoneSignUpCodeSchema,
  phoneSignUpSchema,
  phoneSignUpVerifySchema,
  phoneVerifySchema,
  signUpSchema,
  usersQuery,
} from '../../../shared/schemas/accounts.ts';
import type { AppContext } from '../../context.ts';
import { AppError, errorBody, parseInput } from '../../http/errors.ts';
import { sameOriginPath } from '../../http/same-origin-path.ts';
import { AUTH_BASE_PATH, authHeaders } from '../../platform/auth.ts';
import { ADDRESS_SHARE, consumeRateLimit } from '../../platform/rate-limit.ts';
import { clearGuestId, guestIdOf } from '../../platform/guest-giver.ts';
import { attachGuestGifts } from '../history/index.ts';
import { getMe, isEmailAvailable, listMembers, signUp } from './accounts.service.ts';
import { requireAdmin } from '../../core/guards.ts';
import { keepChosenLanguage, languageAtSignIn } from '../profile/index.ts';
import { afterPhoneRequest, guardPhoneRequest, resendSignUpCode, signUpByPhone } from './phone.ts';
import { ADDRESS_SIGN_IN_SHARE, startPasswordAttempt } from '../../core/sign-in-limits.ts';

interface AuthEndpoint {
  method: 'GET' | 'POST';
  path: string;
  /** Sends a mail. */
  mail?: true;
  /** The phone-number plugin's (issue 32): the body checked here, then guardPhoneRequest. */
  phone?: z.ZodType<{ phoneNumber: string; password?: string; updatePhoneNumber?: boolean }>;
}

// The auth library's endpoints the app uses, and only those (its others, e.g. its own
// change-password that skips our checks, are not routed at all).
const authEndpoints: AuthEndpoint[] = [
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'POST', path: '/send-verification-email', mail: true },
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/request-password-reset', mail: true },
  { method: 'GET', path: '/reset-password/:token' },
  { method: 'POST', path: '/reset-password' },
  { method: 'POST', path: '/sign-in/phone-number', phone: phoneSignInSchema },
  { method: 'POST', path: '/phone-number/send-otp', phone: phoneOnlySchema },
  { method: 'POST', path: '/phone-number/verify', phone: phoneVerifySchema },
  { method: 'POST', path: '/phone-number/request-password-reset', phone: phoneOnlySchema },
  { method: 'POST', path: '/phone-number/reset-password', phone: phoneResetSchema },
  // A phone-first sign-up proves itself (its own code; decision 050) and signs in.
  { method: 'POST', path: '/phone-sign-up/verify', phone: phoneSignUpVerifySchema },
];

/** Ends what this process remembers of sessions: a sign-out, or a password set anew. */
const endsSessions = new Set(['/sign-out', '/reset-password', '/phone-number/reset-password']);

// What the library answers to a mail request, known address or not (no enumeration).
const mailAccepted: Record<string, () => object> = {
  '/send-verification-email': () => ({ status: true }),
  '/request-password-reset': () => ({
    status: true,
    message: m.server_accounts_reset_link_sent(),
  }),
};

/**
 * Where the auth library sends a browser after a link, or builds a mailed link's return from:
 * only paths of this site (issue 47: a reset link could carry its token to another site).
 */
const REDIRECT_PARAMS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/** Mails per account per hour; more requests are answered as usual but send nothing. */
const MAILS_PER_ACCOUNT_PER_HOUR = 5;

async function forwardToAuth(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: AuthEndpoint,
) {
  const url = new URL(request.url, ctx.config.publicUrl);
  for (const key of REDIRECT_PARAMS) {
    if (url.searchParams.has(key))
      url.searchParams.set(key, sameOriginPath(url.searchParams.get(key)));
  }
  // Phone endpoints: numbers in E.164 from here on, and our limits before the library's code.
  const phoneBody = endpoint.phone ? parseInput(endpoint.phone, request.body) : undefined;
  const body = sameOriginRedirects(phoneBody ?? request.body) as
    { email?: unknown; password?: unknown; phoneNumber?: string } | undefined;
  const email =
    request.method === 'POST' && typeof body?.email === 'string'
      ? body.email.trim().toLowerCase()
      : undefined;

  // Sign-in: only failures count, keyed on the account (per client), the wrong password and,
  // as a ceiling, the client address (decision 028).
  const account =
    endpoint.path === '/sign-in/email'
      ? email
      : endpoint.path === '/sign-in/phone-number'
        ? `phone:${body?.phoneNumber}`
        : undefined;
  const attempt =
    account !== undefined
      ? await startPasswordAttempt(ctx, {
          email: account,
          password: typeof body?.password === 'string' ? body.password : '',
          ip: request.ip,
          // Phone numbers are few and guessable: their failures also have an app-wide cap.
          appWide: endpoint.path === '/sign-in/phone-number' ? 'phone' : undefined,
        })
      : undefined;
  // Counted first: a number without an account is refused here as a wrong password.
  if (phoneBody) {
    const answer = await guardPhoneRequest(ctx, request, endpoint.path, phoneBody);
    if (answer) return reply.send(answer);
  }
  // A member's inbox cannot be flooded from many clients: past the cap, the request is
  // answered as usual (so it tells nothing) but no mail goes out. Earlier links still work.
  if (endpoint.mail && email !== undefined) {
    const cap = await consumeRateLimit(
      ctx.db,
      `mail:${endpoint.path}:${email}`,
      MAILS_PER_ACCOUNT_PER_HOUR,
      60 * 60 * 1000,
    );
    if (!cap.allowed) return reply.send(mailAccepted[endpoint.path]?.());
  }

  const headers = authHeaders(request);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  const response = await ctx.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    }),
  );

  // A session ended (sign-out) or every session of an account did (a password reset):
  // nothing this process remembers about sessions may outlive that.
  if (endsSessions.has(endpoint.path)) ctx.sessions.forget();
  if (attempt && response.ok) await attempt.succeeded();
  if (phoneBody && response.ok) await afterPhoneRequest(ctx, endpoint.path, phoneBody.phoneNumber);

  const text = await response.text();
  // The language chosen on the login screen becomes the account's (decision 043); without
  // one, this browser takes the account's (decision 053).
  if (response.ok && endpoint.path.startsWith('/sign-in/')) {
    const userId = signedInUserId(text);
    if (userId) await languageAtSignIn(ctx, request, reply, userId);
  }

  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  if (response.status >= 400) {
    // One error shape for the whole API.
    let code = response.status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR';
    let message: string =
      response.status === 429
        ? m.server_accounts_too_many_attempts()
        : m.server_http_request_failed();
    try {
      const parsed = JSON.parse(text) as { code?: string; message?: string };
      if (parsed.code) code = parsed.code;
      if (parsed.message && response.status !== 429) {
        message = (parsed.code && phoneErrorText(parsed.code)) || parsed.message;
      }
    } catch {
      // not JSON: keep the defaults
    }
    return reply.type('application/json').send(errorBody(code, message));
  }
  return reply.send(text || null);
}

/** A JSON body with its redirect parameters made paths of this site. */
function sameOriginRedirects(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  const present = REDIRECT_PARAMS.filter((key) => key in fields);
  if (present.length === 0) return body;
  return { ...fields, ...Object.fromEntries(present.map((k) => [k, sameOriginPath(fields[k])])) };
}

/** The member a successful sign-in answer names. */
function signedInUserId(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { user?: { id?: unknown } }).user?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Email lookups per 15 minutes across every client together. */
const EMAIL_CHECKS_PER_WINDOW = 1000;

export const accountsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Per client address, sized for a congregation behind one church Wi-Fi or carrier address.
  const perAddress = {
    max: ctx.config.authRateLimit * ADDRESS_SHARE,
    timeWindow: '15 minutes',
  };

  // Sign-in's own ceiling per address counts every request, right passwords too: a whole
  // congregation signs in from one address on a Sunday (decision 028).
  const signInsPerAddress = {
    max: ctx.config.authRateLimit * ADDRESS_SIGN_IN_SHARE,
    timeWindow: '15 minutes',
  };

  for (const endpoint of authEndpoints) {
    app.route({
      method: endpoint.method,
      url: `${AUTH_BASE_PATH}${endpoint.path}`,
      config: {
        rateLimit: endpoint.path.startsWith('/sign-in/') ? signInsPerAddress : perAddress,
      },
      handler: (request, reply) => forwardToAuth(ctx, request, reply, endpoint),
    });
  }

  app.post(
    '/api/accounts/sign-up',
    { config: { rateLimit: perAddress } },
    async (request, reply) => {
      const input = parseInput(signUpSchema, request.body);
      const userId = await signUp(ctx, input, authHeaders(request));
      await keepChosenLanguage(ctx, request, userId);
      // Only this device's guest gifts, and only once: the cookie goes with them.
      const guestId = input.attachGuestGifts ? guestIdOf(ctx, request) : null;
      if (guestId) {
        await attachGuestGifts(ctx, guestId, userId);
        clearGuestId(ctx, reply);
      }
      return reply.status(201).send({ ok: true });
    },
  );

  // Sign-up without email (issue 32): the account waits for the code texted to its phone.
  app.post(
    '/api/accounts/sign-up/phone',
    { config: { rateLimit: perAddress } },
    async (request, reply) => {
      const input = parseInput(phoneSignUpSchema, request.body);
      const created = await signUpByPhone(ctx, input, authHeaders(request), request.ip);
      return reply.status(201).send(created);
    },
  );

  // 'Send a new code' for a sign-up waiting for its own (the usual answer whatever it is).
  app.post(
    '/api/accounts/sign-up/phone/code',
    { config: { rateLimit: perAddress } },
    async (request) => {
      const input = parseInput(phoneSignUpCodeSchema, request.body);
      return resendSignUpCode(ctx, input, request.ip);
    },
  );

  // The spec asks for this lookup, and it tells whether an address is registered: limited
  // per client and, across all clients, per app (decision 010), so nobody can list members.
  app.post(
    '/api/accounts/email-available',
    { config: { rateLimit: perAddress } },
    async (request, reply) => {
      const { email } = parseInput(emailCheckSchema, request.body);
      const overall = await consumeRateLimit(
        ctx.db,
        'email-available:all',
        EMAIL_CHECKS_PER_WINDOW,
        15 * 60 * 1000,
      );
      if (!overall.allowed) {
        reply.header('retry-after', String(overall.retryAfterSeconds));
        throw new AppError(429, 'RATE_LIMITED', m.server_http_too_many_requests());
      }
      return { available: await isEmailAvailable(ctx, email) };
    },
  );

  app.get('/api/admin/users', async (request, reply) => {
    await requireAdmin(ctx, request);
    reply.header('cache-control', 'no-store');
    return listMembers(ctx, parseInput(usersQuery, request.query));
  });

  app.get('/api/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getMe(ctx, request);
  });
};
