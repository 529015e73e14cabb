import type { LightMyRequestResponse } from 'fastify';
import { ORIGIN, useMembers } from './accounts.ts';
import { useTestApp, type TestApp } from './test-app.ts';

// For the tests of the church content the admins edit (sermons, the devotional).

export interface ContentTestApp {
  t: TestApp;
  /** Session cookies, there once the tests run: admin@example.com (an admin by ADMIN_EMAILS), a member. */
  cookies: { admin: string; member: string };
  /** A write with the app's Origin, as the caller with `cookie` (none: signed out). */
  write(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie?: string,
  ): Promise<LightMyRequestResponse>;
}

/** The content app of a file or a describe block (see useTestApp), with its two sessions. */
export function useContentTestApp(): ContentTestApp {
  const t = useTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
  return {
    t,
    cookies: useMembers(t, { admin: 'admin@example.com', member: 'member@example.com' }),
    write: (method, url, payload, cookie) =>
      t.app.inject({
        method,
        url,
        payload,
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      }),
  };
}
