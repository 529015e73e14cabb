import type { LightMyRequestResponse } from 'fastify';
import { memberSession, ORIGIN } from './accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// For the tests of the church content the admins edit (sermons, the devotional).

export interface ContentTestApp {
  t: TestApp;
  /** Session cookies: admin@example.com (an admin by ADMIN_EMAILS) and a member. */
  admin: string;
  member: string;
  /** A write with the app's Origin, as the caller with `cookie` (none: signed out). */
  write(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie?: string,
  ): Promise<LightMyRequestResponse>;
}

export async function createContentTestApp(): Promise<ContentTestApp> {
  const t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
  return {
    t,
    admin: await memberSession(t, 'admin@example.com'),
    member: await memberSession(t, 'member@example.com'),
    write: (method, url, payload, cookie) =>
      t.app.inject({
        method,
        url,
        payload,
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      }),
  };
}
