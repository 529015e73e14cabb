import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { m } from '../../paraglide/messages.js';
import { localeOfCookie } from '../platform/locale.ts';
import { AppError, errorBody } from './errors.ts';

// Checks every request passes before any route sees it (STYLE.md: fix a class of bug where
// it enters). Routes and the auth library then only ever receive text PostgreSQL can store,
// bodies of a sane shape, and writes that come from our own pages.

/** Deeper JSON than this is refused; our forms are at most three levels deep. */
export const MAX_JSON_DEPTH = 32;

export type TextProblem = 'nul' | 'surrogate' | 'depth';

const textMessages: Record<TextProblem, string> = {
  nul: 'The request contains a NUL character, which is not allowed in text.',
  surrogate: 'The request contains text that is not valid Unicode.',
  depth: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
};

/**
 * Finds text PostgreSQL cannot store (a NUL byte; an unpaired UTF-16 surrogate, which the
 * embedded database refuses) in keys and values, and nesting deeper than MAX_JSON_DEPTH.
 * Iterative, so a hostile 10,000-deep body cannot overflow the stack here either.
 */
export function findTextProblem(value: unknown): TextProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = stringProblem(current);
      if (problem) return problem;
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_JSON_DEPTH) return 'depth';
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const problem = stringProblem(key);
      if (problem) return problem;
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

function stringProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (!text.isWellFormed()) return 'surrogate';
  return null;
}

/** Throws the edge's 400 when `value` holds text the database cannot store. */
export function assertStorableText(value: unknown): void {
  const problem = findTextProblem(value);
  if (problem) throw new AppError(400, 'INVALID_TEXT', textMessages[problem]);
}

/** An object without own keys (or nothing at all). */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object') return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a browser says a request comes from: Origin, or when absent the Referer's. */
export function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer !== '') {
    try {
      return new URL(referer).origin;
    } catch {
      return null;
    }
  }
  return null;
}

export interface EdgeOptions {
  /** Origins our own pages are served from (see platform/auth.ts trustedOrigins). */
  trustedOrigins: string[];
  /** Path prefixes whose writes come from servers, not browsers (signed provider webhooks). */
  originExempt: string[];
}

export function registerEdgeChecks(app: FastifyInstance, options: EdgeOptions) {
  const trusted = new Set(options.trustedOrigins);

  // A write from another site (or with no origin at all) never reaches a route: a member's
  // cookie is not enough to act for them. SameSite=Lax alone would let sibling subdomains in.
  // Callback hooks, not async ones: they run on every request (issue 16 #4).
  app.addHook('onRequest', (request, _reply, done) => {
    if (safeMethods.has(request.method)) return done();
    // Nothing of ours compresses what it sends, so bodies are not inflated (app.ts): say so
    // rather than fail on the bytes as JSON.
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding !== 'identity') {
      return done(
        new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the request body uncompressed (no Content-Encoding).',
        ),
      );
    }
    const url = request.url;
    if (options.originExempt.some((prefix) => url.startsWith(prefix))) return done();
    const origin = requestOrigin(request);
    if (origin === null || !trusted.has(origin)) {
      return done(
        new AppError(
          403,
          'FORBIDDEN_ORIGIN',
          // Before the request's language is set (registerRequestLocale): from its cookie.
          m.server_edge_forbidden_origin({}, { locale: localeOfCookie(request.headers.cookie) }),
        ),
      );
    }
    done();
  });

  // Text the database cannot store becomes a 400 here, for every route (the auth library's
  // included), instead of a 500 from deep inside a query.
  app.addHook('preValidation', (request, _reply, done) => {
    // Most reads carry nothing to check (no body, no query, no parameters).
    if (request.body === undefined && isEmpty(request.query) && isEmpty(request.params)) {
      return done();
    }
    try {
      assertStorableText(request.params);
      assertStorableText(request.query);
      assertStorableText(request.body);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

/**
 * Fastify's `frameworkErrors`: the malformed requests its router refuses before any hook
 * runs (bad percent-encoding, an over-long path parameter) get our JSON error shape.
 */
export function frameworkErrors(
  error: Error & { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(errorBody('URI_TOO_LONG', 'The address is too long.'));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .status(400)
      .send(errorBody('BAD_URL', 'The address is not valid (bad percent-encoding).'));
  }
  return reply.status(400).send(errorBody('BAD_REQUEST', 'The request is malformed.'));
}

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before a request exists
 * (headers too large, malformed requests) still get our JSON error shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          errorBody('HEADERS_TOO_LARGE', 'The request headers are too large.'),
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', errorBody('TIMEOUT', 'The request took too long to arrive.')]
        : [400, 'Bad Request', errorBody('BAD_REQUEST', 'The request is malformed.')];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
