import { expect } from 'vitest';
import { ORIGIN, someClient } from './accounts.ts';
import type { TestApp } from './test-app.ts';

// Helpers for the finance desk's tests: gifts through the real giving API, statement
// uploads as a browser sends them (multipart), and finance calls with the app's Origin.

export const gift = {
  type: 'tithe',
  firstName: 'Kofi',
  lastName: 'Owusu',
  assembly: 'grace',
  amount: '40',
};

/**
 * A mobile-money standing gift of `gift`'s kind, reminded every Sunday from today (the body of
 * POST /api/giving/schedules).
 */
export const sundayReminders = (gift: Record<string, string>) => ({
  ...gift,
  method: 'momo',
  phone: '0241234567',
  provider: 'MTN',
  frequency: 'weekly',
  day: 0,
  startOn: new Date().toISOString().slice(0, 10),
  onDue: 'reminder',
});

/** POST /api/giving/gifts as the app sends it, signed in with `cookie` or as a guest. */
export const postGift = (t: TestApp, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/giving/gifts',
    payload,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: someClient(),
  });

/** Gives through POST /api/giving/gifts and returns the server's answer. */
export async function give(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  const res = await postGift(t, { ...gift, ...payload }, cookie);
  if (res.statusCode !== 201) throw new Error(`gift refused: ${res.statusCode} ${res.body}`);
  return res.json() as { code: string | null };
}

export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

/** `call` that must answer `status`: the answer's JSON. */
export async function callFor<T>(
  status: number,
  ...[t, method, url, cookie, payload]: Parameters<typeof call>
): Promise<T> {
  const res = await call(t, method, url, cookie, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** A file field as a browser's FormData sends it. */
export function multipartFile(fileName: string, content: string | Buffer) {
  const boundary = `----flocktest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function uploadStatement(
  t: TestApp,
  cookie: string | undefined,
  bank: string,
  fileName: string,
  content: string | Buffer,
) {
  const { payload, contentType } = multipartFile(fileName, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/finance/bank/statements?bank=${bank}`,
    payload,
    headers: { origin: ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
}
