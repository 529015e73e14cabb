import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, logIn } from '../testing/accounts.ts';
import { call } from '../testing/finance.ts';
import {
  callerEmails as EMAILS,
  callersEnv,
  collectRoutes,
  injectAs,
  seedCallers,
} from '../testing/callers.ts';
import { createTestApp, repoRoot, type TestApp } from '../testing/test-app.ts';
import { features } from '../features/index.ts';
import {
  CALLERS,
  composeMatrix,
  matrixCellCount,
  type Caller,
  type Fixtures,
} from '../testing/authorization-matrix.ts';
import { renderSecurityDoc } from './security-doc.ts';

// Every route of the server's own route table, called as every kind of caller (issue 15,
// Build 1). The expected status of each cell is data: each feature's <name>.matrix.ts, composed
// by testing/authorization-matrix.ts.

const matrix = await composeMatrix(features);

/** Callers that must never see the member's private details in any answer. */
const STRANGERS: Caller[] = ['anonymous', 'guest', 'other', 'pastor', 'applicant'];

describe('authorisation matrix', () => {
  let t: TestApp;
  const { routes, onRoute } = collectRoutes();
  const cookies = {} as Record<Caller, string | undefined>;
  let f: Fixtures;

  beforeAll(async () => {
    t = await createTestApp({
      env: callersEnv,
      build: { onRoute },
    });
    const seeded = await seedCallers(t);
    Object.assign(cookies, seeded.cookies);
    f = seeded.fixtures;
  });
  afterAll(async () => t?.close());

  it('has an entry for every route of the server, and none for a route that is gone', () => {
    const missing = [...routes].filter((route) => !(route in matrix));
    expect(
      missing,
      `These routes have no row in their feature's <name>.matrix.ts. Add one per route ` +
        `(who may call it, and the status each kind of caller gets), then run npm run security:doc.`,
    ).toEqual([]);
    const gone = Object.keys(matrix).filter((route) => !routes.has(route));
    expect(gone, 'Rows for routes the server no longer has').toEqual([]);
  });

  it('answers every caller on every route as the matrix says', { timeout: 240_000 }, async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const [route, cases] of Object.entries(matrix)) {
      for (const c of cases) {
        for (const caller of CALLERS) {
          const request = await c.request(f, caller);
          let cookie = cookies[caller];
          if (c.freshSession && caller !== 'anonymous' && caller !== 'guest') {
            cookie = cookieHeader(await logIn(t, EMAILS[caller]));
          }
          const res = await injectAs(t, route, request, caller, cookie);
          cells++;
          const where = `${route}${c.label ? ` (${c.label})` : ''} as ${caller}`;
          const expected = c.expect[caller];
          if (res.statusCode !== expected) {
            wrong.push(
              `${where}: ${res.statusCode}, expected ${expected} — ${res.body.slice(0, 160)}`,
            );
          }
          if (res.statusCode >= 400) {
            const body = JSON.parse(res.body) as { error?: { code?: unknown; message?: unknown } };
            if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') {
              wrong.push(`${where}: the refusal is not in the app's error shape: ${res.body}`);
            }
          }
          if (STRANGERS.includes(caller) && res.body.includes(EMAILS.member)) {
            wrong.push(`${where}: the answer contains the member's email`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBe(matrixCellCount(matrix));
    console.log(`[matrix] ${routes.size} endpoints, ${cells} cells, all as expected`);
  });

  it("leaves the member's records as they were after everyone else's attempts", async () => {
    const profile = (await call(t, 'GET', '/api/profile', cookies.member)).json();
    expect(profile.email ?? profile.profile?.email).toBe(EMAILS.member);
    const ids = (
      (await call(t, 'GET', '/api/history', cookies.member)).json().entries as { id: string }[]
    ).map((e) => e.id);
    // The cash entry other callers tried to delete is still there.
    expect(ids).toContain(f.cashId);
  });

  it('is shown, as it stands, in docs/security.md (npm run security:doc)', async () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/security.md'), 'utf8');
    expect(
      (await renderSecurityDoc(doc)) === doc,
      'docs/security.md is stale: run npm run security:doc',
    ).toBe(true);
  });
});
