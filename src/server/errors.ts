import type { z } from 'zod';
import type { ApiErrorBody } from '../shared/api.ts';
import { m } from '../paraglide/messages.js';

// The app's error: a status, a code and a message in the request's language (the answer's
// shape is shared/api.ts). Below every layer that throws it: platform pieces refuse with it
// too, and http/errors.ts turns it into the answer.

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
