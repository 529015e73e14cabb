import { m } from '../paraglide/messages.js';
import type { ApiErrorBody } from '../shared/api.ts';

// The one way the web app calls the JSON API: JSON in, JSON out, cookies on the same origin,
// and every failure (HTTP or network) becomes an ApiError with a message a person can read.

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON (a FormData as a file upload). Leave out for requests without a body. */
  body?: unknown;
}

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('accept', 'application/json');
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) requestHeaders.set('content-type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: requestHeaders,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', m.api_network());
  }

  const payload = await readJson(response);
  if (response.ok) return payload as T;

  if (isApiErrorBody(payload)) {
    const { code, message, fields } = payload.error;
    throw new ApiError(response.status, code, message, fields);
  }
  throw new ApiError(
    response.status,
    `HTTP_${response.status}`,
    response.status >= 500 ? m.api_server() : m.api_failed({ status: response.status }),
  );
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** What to tell a person about a failed request. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : m.api_unknown();
}
