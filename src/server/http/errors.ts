import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiErrorBody } from '../../shared/api.ts';
import { m } from '../../paraglide/messages.js';
import { inLocale, localeOfCookie } from '../platform/locale.ts';

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** Headers the answer carries (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string>) {
  const body: ApiErrorBody = { error: { code, message } };
  if (fields && Object.keys(fields).length > 0) body.error.fields = fields;
  return body;
}

/** Zod issues → one readable message per field (the first issue of each field wins). */
export function fieldsFromZod(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  const unknownField = m.server_http_unknown_field();
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= unknownField;
      continue;
    }
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses a request part with a shared schema; bad input becomes a 400 with field messages. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = fieldsFromZod(result.error);
  const unknownField = m.server_http_unknown_field();
  const unknown = Object.entries(fields).filter(([, text]) => text === unknownField);
  const message =
    unknown.length > 0 && unknown.length === Object.keys(fields).length
      ? m.server_http_unknown_fields({
          count: unknown.length,
          fields: unknown.map(([k]) => k).join(', '),
        })
      : m.server_http_fields_need_attention();
  throw new AppError(400, 'VALIDATION_ERROR', message, fields);
}

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
