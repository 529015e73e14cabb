import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfers, cashOfferings } from './db/schema.ts';
import { memberSession, ORIGIN, someClient } from './testing/accounts.ts';
import { gift } from './testing/finance.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

// Issue 16 #3: how many SQL statements each of the main routes sends, signed in, with the
// session cache off (the worst case: every request looks its session up). A statement sent
// twice in one request, or one more than the route's budget, fails: duplicates and N+1
// queries show up here first.

const budgets: { name: string; method: 'GET' | 'POST'; url: string; max: number }[] = [
  { name: 'me', method: 'GET', url: '/api/me', max: 1 },
  { name: 'profile', method: 'GET', url: '/api/profile', max: 2 },
  // The assemblies (admins may retire one at any time).
  { name: 'church', method: 'GET', url: '/api/church', max: 1 },
  // The first page also carries this year's totals (issue 30): one aggregate more.
  { name: 'history page', method: 'GET', url: '/api/history', max: 3 },
  { name: 'sermons', method: 'GET', url: '/api/sermons', max: 1 },
  { name: 'devotional day', method: 'GET', url: '/api/devotional/weeks/15/days/2', max: 1 },
  // The session, the reader's assembly, whether they are a pastor (and of which assembly),
  // and the wall with its counts in one statement (decision 036).
  { name: 'prayer wall', method: 'GET', url: '/api/prayer', max: 4 },
  // The session, the member's rate-limit counter, the code's uniqueness and the gift itself,
  // and where the member wants codes (an SMS of the code for those who chose it: issue 32).
  { name: 'a cash gift', method: 'POST', url: '/api/giving/gifts', max: 5 },
];

describe('SQL statements per request', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_SECONDS: '0' } });
    cookie = await memberSession(t, 'counted@example.com');
    // More than a page of history, of every kind.
    const userId = (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user.id;
    const person = { userId, firstName: 'Kofi', lastName: 'Owusu', assembly: 'grace' };
    await t.db.insert(cashOfferings).values(
      Array.from({ length: 30 }, (_, i) => ({
        ...person,
        type: 'tithe',
        amount: 100 + i,
        code: String(200000 + i),
      })),
    );
    await t.db.insert(bankTransfers).values(
      Array.from({ length: 30 }, (_, i) => ({
        ...person,
        type: 'welfare',
        amount: 100 + i,
        bank: 'fidelity',
      })),
    );
  });
  afterAll(async () => t.close());

  const count = async (method: 'GET' | 'POST', url: string) => {
    const statements: string[] = [];
    const stop = t.database.onStatement((text) => statements.push(text.replace(/\s+/g, ' ')));
    const res = await t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, cookie },
      remoteAddress: someClient(),
      ...(method === 'POST'
        ? {
            payload: { ...gift, amount: '5', paymentMethod: 'cash' },
          }
        : {}),
    });
    stop();
    return { res, statements };
  };

  for (const route of budgets) {
    it(`${route.name}: at most ${route.max}, none twice`, async () => {
      const { res, statements } = await count(route.method, route.url);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(new Set(statements).size, statements.join('\n')).toBe(statements.length);
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(route.max);
    });
  }

  it('a guest reading /api/me costs no statement at all', async () => {
    const statements: string[] = [];
    const stop = t.database.onStatement((text) => statements.push(text));
    const res = await t.app.inject({ url: '/api/me' });
    stop();
    expect(res.json()).toEqual({ user: null });
    expect(statements).toEqual([]);
  });

  it('with the cache on, a repeated signed-in request sends no session lookup', async () => {
    const cached = await createTestApp({ env: { SESSION_CACHE_SECONDS: '5' } });
    try {
      const member = await memberSession(cached, 'cached.count@example.com');
      await cached.app.inject({ url: '/api/profile', headers: { cookie: member } });
      const statements: string[] = [];
      const stop = cached.database.onStatement((text) => statements.push(text));
      await cached.app.inject({ url: '/api/profile', headers: { cookie: member } });
      stop();
      expect(statements).toHaveLength(1);
    } finally {
      await cached.close();
    }
  });
});
