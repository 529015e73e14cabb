import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ORIGIN, useMembers } from './accounts.ts';
import { useTestApp, type TestApp } from './test-app.ts';

// For the tests of the church content the admins edit (sermons, the devotional).

export interface ContentTestApp {
  t: TestApp;
  /** Session cookies, there once the tests run: admin@example.com (an admin by ADMIN_EMAILS), a member. */
  cookies: { admin: string; member: string };
  /** A write with the app's Origin, as the caller with `cookie` (none: signed out). */
  write(
    method: Method,
    url: string,
    payload?: object,
    cookie?: string,
  ): Promise<LightMyRequestResponse>;
  /**
   * Each write refused signed out (401) and as the member (403), so admins' only: the member's
   * answers, in order.
   */
  refusedToNonAdmins(
    writes: readonly (readonly [Method, string, object | undefined])[],
  ): Promise<LightMyRequestResponse[]>;
}

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The content app of a file or a describe block (see useTestApp), with its two sessions. */
export function useContentTestApp(): ContentTestApp {
  const t = useTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
  const cookies = useMembers(t, { admin: 'admin@example.com', member: 'member@example.com' });
  const write: ContentTestApp['write'] = (method, url, payload, cookie) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  return {
    t,
    cookies,
    write,
    async refusedToNonAdmins(writes) {
      const answers: LightMyRequestResponse[] = [];
      for (const [method, url, body] of writes) {
        expect((await write(method, url, body)).statusCode, `${method} ${url} signed out`).toBe(
          401,
        );
        const asMember = await write(method, url, body, cookies.member);
        expect(asMember.statusCode, `${method} ${url} as a member`).toBe(403);
        answers.push(asMember);
      }
      return answers;
    },
  };
}
