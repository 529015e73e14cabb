import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { m } from '../../paraglide/messages.js';
import { AppError, errorBody } from '../errors.ts';
import { inLocale, localeOfCookie } from '../platform/locale.ts';

// The error, its body and the input parsing live in ../errors.ts (platform pieces throw it too);
// routes import them from here or there alike.
export { AppError, errorBody, fieldsFromZod, parseInput } from '../errors.ts';

// Fastify's own errors for malformed requests, in words a person can read.
const fastifyCodes: Record<string, { status: number; code: string; message: () => string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: () => m.server_http_invalid_json(),
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: () => m.server_http_empty_json(),
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'BODY_TOO_LARGE',
    message: () => m.server_http_body_too_large(),
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: () => m.server_http_unsupported_media_type(),
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: () => m.server_http_content_length(),
  },
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    // Errors raised before the handler (a malformed body) answer in the cookie's language too.
    inLocale(localeOfCookie(request.headers.cookie), () => answerError(error, request, reply)),
  );
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
  }
  const known = error.code ? fastifyCodes[error.code] : undefined;
  if (known) return reply.status(known.status).send(errorBody(known.code, known.message()));
  if (error.statusCode === 429) {
    return reply.status(429).send(errorBody('RATE_LIMITED', m.server_http_too_many_requests()));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.status(error.statusCode).send(errorBody('BAD_REQUEST', error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody('INTERNAL', m.server_http_internal()));
}
