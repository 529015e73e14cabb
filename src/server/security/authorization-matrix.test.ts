import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFiles } from '../db/schema.ts';
import { logIn, memberSession, ORIGIN, cookieHeader } from '../testing/accounts.ts';
import { call, give, multipartFile } from '../testing/finance.ts';
import { createTestApp, repoRoot, type TestApp } from '../testing/test-app.ts';
import { approvedPastor, jpegPhoto, multipart, pendingApplicant } from '../testing/workers.ts';
import {
  CALLERS,
  matrix,
  matrixCellCount,
  type Caller,
  type Fixtures,
} from './authorization-matrix.ts';
import { renderSecurityDoc } from './security-doc.ts';

// Every route of the server's own route table, called as every kind of caller (issue 15,
// Build 1). The expected status of each cell is data: authorization-matrix.ts.

const EMAILS: Record<Exclude<Caller, 'anonymous' | 'guest'>, string> = {
  member: 'ama.owner@example.com',
  other: 'kwame.other@example.com',
  admin: 'admin@example.com',
  officer: 'grace.officer@example.com',
  pastor: 'pastor@example.com',
  applicant: 'applicant@example.com',
};
/** Callers that must never see the member's private details in any answer. */
const STRANGERS: Caller[] = ['anonymous', 'guest', 'other', 'pastor', 'applicant'];

describe('authorisation matrix', () => {
  let t: TestApp;
  const routes = new Set<string>();
  const cookies = {} as Record<Caller, string | undefined>;
  const addresses = Object.fromEntries(CALLERS.map((c, i) => [c, `10.77.0.${i + 1}`])) as Record<
    Caller,
    string
  >;
  let f: Fixtures;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAILS: EMAILS.admin, SANDBOX_MOMO_DELAY_MS: '600000' },
      build: {
        onRoute(route: RouteOptions) {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          for (const method of methods) if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
        },
      },
    });
    cookies.admin = await memberSession(t, EMAILS.admin);
    for (const caller of ['member', 'other', 'officer'] as const) {
      cookies[caller] = await memberSession(t, EMAILS[caller]);
    }
    const grant = await call(t, 'PUT', '/api/admin/finance/officers', cookies.admin, {
      email: EMAILS.officer,
      allAssemblies: false,
      assemblies: ['grace'],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    cookies.pastor = (await approvedPastor(t, EMAILS.pastor, cookies.admin)).cookie;
    const applicant = await pendingApplicant(t, EMAILS.applicant);
    cookies.applicant = applicant.cookie;
    // The guest has given without an account, as guests do.
    await give(t, '', { paymentMethod: 'cash', firstName: 'Guest' });

    const member = cookies.member!;
    const cash = await give(t, member, { paymentMethod: 'cash', assembly: 'grace' });
    const bethelCash = await give(t, member, { paymentMethod: 'cash', assembly: 'bethel' });
    const receipted = await give(t, member, { paymentMethod: 'cash', assembly: 'grace' });
    const momo = await t.app.inject({
      method: 'POST',
      url: '/api/giving/gifts',
      payload: {
        type: 'offering',
        firstName: 'Ama',
        lastName: 'Mensah',
        assembly: 'grace',
        amount: '10',
        paymentMethod: 'momo',
        phone: '024 123 4567',
        provider: 'MTN',
      },
      headers: { origin: ORIGIN, cookie: member },
    });
    expect(momo.statusCode, momo.body).toBe(201);

    const cashId = async (code: string | null) =>
      (await call(t, 'GET', `/api/finance/cash?code=${code}`, cookies.admin)).json().id as string;
    const received = await call(
      t,
      'POST',
      `/api/finance/cash/${await cashId(receipted.code)}/receive`,
      cookies.admin,
      { amount: '40', receivedOn: new Date().toISOString().slice(0, 10), receivedBy: 'Usher' },
    );
    expect(received.statusCode, received.body).toBe(200);
    const history = (await call(t, 'GET', '/api/history', member)).json().entries as {
      receipt: { id: string } | null;
    }[];
    const receiptId = history.find((e) => e.receipt)?.receipt?.id;
    expect(receiptId).toBeDefined();

    const [file] = await t.db.select().from(applicationFiles).limit(1);
    const sermons = (await call(t, 'GET', '/api/sermons')).json().sermons as { id: string }[];
    const weeks = (await call(t, 'GET', '/api/devotional/weeks')).json().weeks as { id: number }[];
    const taken = new Set(weeks.map((w) => w.id));
    const freeWeeks = Array.from({ length: 53 }, (_, i) => 53 - i).filter((w) => !taken.has(w));
    let counter = 0;

    f = {
      memberEmail: EMAILS.member,
      cashId: await cashId(cash.code),
      cashCode: cash.code!,
      bethelCashId: await cashId(bethelCash.code),
      bethelCashCode: bethelCash.code!,
      receiptId: receiptId!,
      statementYear: new Date().getFullYear(),
      momoReference: momo.json().reference,
      applicationId: applicant.applicationId,
      fileKey: file!.storageKey,
      sermonId: sermons[0]!.id,
      weekId: weeks[0]!.id,
      async newCash(assembly) {
        return cashId((await give(t, member, { paymentMethod: 'cash', assembly })).code);
      },
      async newSermon() {
        const res = await call(t, 'POST', '/api/admin/sermons', cookies.admin, {
          title: `To delete ${++counter}`,
          video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as string;
      },
      freeWeek() {
        const week = freeWeeks.shift();
        if (week === undefined) throw new Error('No devotional week number left for the matrix.');
        return week;
      },
      async newWeek() {
        const id = this.freeWeek();
        const res = await call(t, 'POST', '/api/admin/devotional/weeks', cookies.admin, {
          id,
          title: `To delete ${id}`,
        });
        expect(res.statusCode, res.body).toBe(201);
        return id;
      },
      async newApplication() {
        return (await pendingApplicant(t, `applicant-${++counter}@example.com`)).applicationId;
      },
      statementUpload() {
        const { payload, contentType } = multipartFile(
          'statement.csv',
          `Date,Description,Credit\n2026-01-05,Transfer ${++counter},10.00\n`,
        );
        return { payload, contentType };
      },
      async photoUpload() {
        const body = await multipart(
          { kind: 'passport_photo' },
          { name: 'me.jpg', type: 'image/jpeg', bytes: await jpegPhoto() },
        );
        return { payload: body.payload, contentType: body.headers['content-type'] };
      },
      async sermonIds() {
        const list = (await call(t, 'GET', '/api/sermons')).json().sermons as { id: string }[];
        return list.map((s) => s.id);
      },
      unique: () => `${Date.now().toString(36)}${++counter}`,
    };
  });
  afterAll(async () => t?.close());

  it('has an entry for every route of the server, and none for a route that is gone', () => {
    const missing = [...routes].filter((route) => !(route in matrix));
    expect(
      missing,
      `These routes have no row in src/server/security/authorization-matrix.ts. Add one per route ` +
        `(who may call it, and the status each kind of caller gets), then run npm run security:doc.`,
    ).toEqual([]);
    const gone = Object.keys(matrix).filter((route) => !routes.has(route));
    expect(gone, 'Rows for routes the server no longer has').toEqual([]);
  });

  it('answers every caller on every route as the matrix says', { timeout: 240_000 }, async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const [route, cases] of Object.entries(matrix)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const c of cases) {
        for (const caller of CALLERS) {
          const request = await c.request(f, caller);
          let cookie = cookies[caller];
          if (c.freshSession && caller !== 'anonymous' && caller !== 'guest') {
            cookie = cookieHeader(await logIn(t, EMAILS[caller]));
          }
          const res = await t.app.inject({
            method,
            url: request.url,
            remoteAddress: addresses[caller],
            headers: {
              origin: ORIGIN,
              ...(cookie ? { cookie } : {}),
              ...(request.raw ? { 'content-type': request.raw.contentType } : {}),
              ...request.headers,
            },
            ...(request.raw
              ? { payload: request.raw.payload }
              : request.payload === undefined
                ? {}
                : { payload: request.payload as object }),
          });
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
    expect(cells).toBe(matrixCellCount());
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
