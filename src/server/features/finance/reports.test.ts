import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceReport, ReportGroup } from '../../../shared/schemas/finance.ts';
import {
  GIFT_CHANNEL_LABELS,
  OFFERING_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
} from '../../../shared/schemas/giving.ts';
import { bankTransfers, cashOfferings, transactions } from '../../db/schema.ts';
import Papa from 'papaparse';
import { memberSession, ORIGIN, someClient } from '../../testing/accounts.ts';
import { LINE_BREAKS, liveFormulas, OWASP_PAYLOADS } from '../../testing/csv-injection.ts';
import { call, gift, give } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { grantOfficer } from './officers.service.ts';

// Report totals against a fixture computed by hand (below), for the whole church and for an
// officer of one assembly; a total is always the sum of the rows it comes from.

const names = { firstName: 'Yaw', lastName: 'Boateng' };
const at = (iso: string) => new Date(iso);
let seq = 0;
const tx = (
  assembly: string,
  type: string,
  method: 'card' | 'momo',
  amount: number,
  status: string,
  createdAt: string,
) => ({
  ...names,
  reference: `FLK-TEST-${++seq}`,
  provider: 'sandbox',
  method,
  assembly,
  type,
  amount,
  status,
  createdAt: at(createdAt),
});
const cash = (
  assembly: string,
  amount: number,
  createdAt: string,
  extra: Partial<typeof cashOfferings.$inferInsert> = {},
) => ({
  ...names,
  assembly,
  type: 'tithe',
  amount,
  code: String(100000 + ++seq),
  createdAt: at(createdAt),
  ...extra,
});
const bank = (
  assembly: string,
  type: string,
  amount: number,
  createdAt: string,
  extra: Partial<typeof bankTransfers.$inferInsert> = {},
) => ({
  ...names,
  assembly,
  type,
  amount,
  bank: 'fidelity',
  code: type === 'tithe' ? `BT-${String(10000 + ++seq)}` : null,
  createdAt: at(createdAt),
  ...extra,
});

describe('finance reports', () => {
  let t: TestApp;
  let admin: string;
  let officerGrace: string;
  const range = 'from=2026-01-01&to=2026-02-28';

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
    admin = await memberSession(t, 'admin@example.com');
    officerGrace = await memberSession(t, 'grace@example.com');
    await grantOfficer(
      t.app.ctx,
      { id: null, email: 'test' },
      { email: 'grace@example.com', allAssemblies: false, assemblies: ['grace'] },
    );
    await t.db.insert(transactions).values([
      tx('grace', 'tithe', 'card', 10000, 'success', '2026-01-05T09:00:00Z'), // confirmed
      tx('grace', 'tithe', 'momo', 2000, 'pending', '2026-01-06T09:00:00Z'), // pending
      tx('grace', 'offering', 'card', 3000, 'failed', '2026-01-07T09:00:00Z'), // not counted
      tx('bethel', 'seed', 'momo', 1550, 'success', '2026-02-10T09:00:00Z'), // confirmed
      tx('hope', 'tithe', 'card', 1000, 'abandoned', '2026-02-11T09:00:00Z'), // not counted
      tx('grace', 'tithe', 'card', 99900, 'success', '2025-12-31T23:59:59Z'), // before range
      tx('grace', 'tithe', 'card', 700, 'success', '2026-02-28T23:30:00Z'), // last day: in
      tx('grace', 'tithe', 'card', 800, 'success', '2026-03-01T00:00:00Z'), // after range
    ]);
    await t.db.insert(cashOfferings).values([
      cash('grace', 4000, '2026-01-05T10:00:00Z', {
        status: 'received',
        receivedAmount: 4000,
        receivedOn: '2026-01-05',
      }), // confirmed
      cash('grace', 5000, '2026-01-20T10:00:00Z', {
        status: 'flagged',
        receivedAmount: 4500,
        receivedOn: '2026-01-21',
      }), // pending (follow-up)
      cash('bethel', 2500, '2026-02-01T10:00:00Z'), // pending
      cash('grace', 6000, '2026-01-15T10:00:00Z', {
        deleted: true,
        deletedReason: 'Other reason',
      }), // not counted
    ]);
    await t.db.insert(bankTransfers).values([
      bank('grace', 'tithe', 10000, '2026-01-10T10:00:00Z', {
        status: 'matched',
        matchedAt: at('2026-01-12T00:00:00Z'),
      }), // confirmed
      bank('hope', 'welfare', 1234, '2026-02-14T10:00:00Z'), // pending
      bank('bethel', 'tithe', 7000, '2026-02-15T10:00:00Z', { deleted: true }), // not counted
    ]);
  });
  afterAll(async () => t.close());

  const group = (
    month: string,
    assembly: string,
    type: string,
    method: string,
    confirmed: [number, number],
    pending: [number, number],
    channel = 'app',
  ) => ({
    month,
    assembly,
    type,
    method,
    channel,
    confirmedAmount: confirmed[0],
    confirmedCount: confirmed[1],
    pendingAmount: pending[0],
    pendingCount: pending[1],
  });

  it('totals the whole church by month, assembly, type and method, confirmed and pending apart', async () => {
    // No DATABASE_REPLICA_URL: the reports read the main database, where the gifts were put.
    expect(t.app.ctx.reportsDb).toBe(t.db);
    const res = await call(t, 'GET', `/api/finance/reports?${range}`, admin);
    expect(res.statusCode).toBe(200);
    const report = res.json() as FinanceReport;
    expect(report.groups).toEqual([
      group('2026-01', 'grace', 'tithe', 'bank', [10000, 1], [0, 0]),
      group('2026-01', 'grace', 'tithe', 'card', [10000, 1], [0, 0]),
      group('2026-01', 'grace', 'tithe', 'cash', [4000, 1], [5000, 1]),
      group('2026-01', 'grace', 'tithe', 'momo', [0, 0], [2000, 1]),
      group('2026-02', 'bethel', 'seed', 'momo', [1550, 1], [0, 0]),
      group('2026-02', 'bethel', 'tithe', 'cash', [0, 0], [2500, 1]),
      group('2026-02', 'grace', 'tithe', 'card', [700, 1], [0, 0]),
      group('2026-02', 'hope', 'welfare', 'bank', [0, 0], [1234, 1]),
    ]);
    // By hand: 100.00 + 15.50 + 7.00 + 40.00 + 100.00 confirmed; 20.00 + 50.00 + 25.00 + 12.34 pending.
    expect(report.totals).toEqual({
      confirmedAmount: 26250,
      confirmedCount: 5,
      pendingAmount: 10734,
      pendingCount: 4,
    });
    expect(report.assemblies.map((a) => a.slug)).toContain('hope');
  });

  it("gives an officer their assemblies' totals only, and refuses another assembly", async () => {
    const report = (await call(t, 'GET', `/api/finance/reports?${range}`, officerGrace)).json();
    expect(report.totals).toEqual({
      confirmedAmount: 24700,
      confirmedCount: 4,
      pendingAmount: 7000,
      pendingCount: 2,
    });
    expect(new Set(report.groups.map((g: ReportGroup) => g.assembly))).toEqual(new Set(['grace']));
    expect(report.assemblies).toEqual([{ slug: 'grace', label: 'Grace' }]);
    const other = await call(
      t,
      'GET',
      `/api/finance/reports?${range}&assembly=bethel`,
      officerGrace,
    );
    expect(other.statusCode).toBe(403);
    const one = (
      await call(t, 'GET', `/api/finance/reports?${range}&assembly=bethel`, admin)
    ).json();
    expect(one.totals).toEqual({
      confirmedAmount: 1550,
      confirmedCount: 1,
      pendingAmount: 2500,
      pendingCount: 1,
    });
  });

  it('exports the table and its rows as CSV, and the rows add up to the totals', async () => {
    const table = await call(t, 'GET', `/api/finance/reports/table.csv?${range}`, admin);
    expect(table.statusCode).toBe(200);
    expect(table.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(table.headers['content-disposition']).toBe(
      'attachment; filename="giving-report-2026-01-01-to-2026-02-28.csv"',
    );
    const tableLines = table.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(tableLines[0]).toBe(
      'month,assembly,type,method,channel,confirmed_ghs,confirmed_count,pending_ghs,pending_count',
    );
    expect(tableLines[3]).toBe('2026-01,Grace,Tithe,Cash,App,40.00,1,50.00,1');
    expect(tableLines.at(-1)).toBe('Total,,,,,262.50,5,107.34,4');

    const rows = await call(t, 'GET', `/api/finance/reports/entries.csv?${range}`, admin);
    const data = rows.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(data).toHaveLength(9);
    const sum = (bucket: string) =>
      data
        .filter((r) => r[7] === bucket)
        .reduce((total, r) => total + Math.round(Number(r[8]) * 100), 0);
    expect(sum('confirmed')).toBe(26250);
    expect(sum('pending')).toBe(10734);

    // And for every group: its figures are the sum of its rows.
    const report = (
      await call(t, 'GET', `/api/finance/reports?${range}`, admin)
    ).json() as FinanceReport;
    const cents = (list: string[][]) =>
      list.reduce((total, r) => total + Math.round(Number(r[8]) * 100), 0);
    for (const g of report.groups) {
      const mine = data.filter(
        (r) =>
          r[1] === g.month &&
          r[2]!.toLowerCase() === g.assembly &&
          r[3] === OFFERING_TYPE_LABELS[g.type as keyof typeof OFFERING_TYPE_LABELS] &&
          r[4] === PAYMENT_METHOD_LABELS[g.method] &&
          r[5] === GIFT_CHANNEL_LABELS[g.channel],
      );
      const confirmed = mine.filter((r) => r[7] === 'confirmed');
      const pending = mine.filter((r) => r[7] === 'pending');
      expect([cents(confirmed), confirmed.length, cents(pending), pending.length]).toEqual([
        g.confirmedAmount,
        g.confirmedCount,
        g.pendingAmount,
        g.pendingCount,
      ]);
    }
  });

  it('keeps a spreadsheet from running what a member typed', async () => {
    await t.db
      .insert(cashOfferings)
      .values(cash('grace', 100, '2026-04-02T10:00:00Z', { firstName: '=HYPERLINK("x")' }));
    const rows = await call(
      t,
      'GET',
      '/api/finance/reports/entries.csv?from=2026-04-01&to=2026-04-30',
      admin,
    );
    expect(rows.body).toContain(`"'=HYPERLINK(""x"") Boateng"`);
  });

  it('keeps every line of every cell from starting a formula, whatever an anonymous visitor typed (issue 31)', async () => {
    // Each OWASP payload after each line break, in a bank gift's name given without an account.
    const names: string[] = [];
    for (const payload of OWASP_PAYLOADS) {
      for (const br of LINE_BREAKS) {
        const firstName = `A${br}${payload}`.slice(0, 60);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/giving/gifts',
          payload: {
            ...gift,
            assembly: 'grace',
            firstName,
            paymentMethod: 'bank',
            bank: 'fidelity',
          },
          headers: { origin: ORIGIN },
          remoteAddress: someClient(),
        });
        expect(res.statusCode, JSON.stringify(firstName)).toBe(201);
        names.push(firstName);
      }
    }
    const today = new Date().toISOString().slice(0, 10);
    const res = await call(
      t,
      'GET',
      `/api/finance/reports/entries.csv?from=${today}&to=${today}`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(liveFormulas(res.body)).toEqual([]);
    // Every gift is one row, its name whole once the apostrophes are taken off.
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data;
    const exported = rows
      .slice(1)
      .map((r) => r[10]!.replace(/(^|\r\n|[\n\r\v\f\u0085\u2028\u2029])'/g, '$1'));
    for (const name of names) expect(exported).toContain(`${name.trim()} ${gift.lastName}`);
  });

  it('shows gifts made by USSD apart from those made in the app, in the table and both CSVs', async () => {
    // A caller's cash tithe by the USSD menu (4 Cash or bank code), to Grace (the 2nd assembly).
    const dial = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ussd/africastalking',
        payload: new URLSearchParams({
          sessionId: 'reports-ussd',
          phoneNumber: '+233241234999',
          networkCode: '62001',
          text,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    await give(t, admin, { paymentMethod: 'cash' }); // the same gift in the app
    await dial('');
    const end = await dial(['4', '1', '33', 'Esi Arthur', '2', '1'].join('*'));
    expect(end.body).toMatch(/^END Your cash tithe of GHS 33\.00 is recorded/);

    const today = new Date().toISOString().slice(0, 10);
    const query = `from=${today}&to=${today}&assembly=grace`;
    const report = (await call(t, 'GET', `/api/finance/reports?${query}`, admin)).json();
    const ussd = report.groups.filter((g: ReportGroup) => g.channel === 'ussd');
    expect(ussd).toEqual([
      group(today.slice(0, 7), 'grace', 'tithe', 'cash', [0, 0], [3300, 1], 'ussd'),
    ]);
    expect(report.groups.some((g: ReportGroup) => g.channel === 'app')).toBe(true);

    const table = await call(t, 'GET', `/api/finance/reports/table.csv?${query}`, admin);
    expect(table.body).toContain(`${today.slice(0, 7)},Grace,Tithe,Cash,USSD,0.00,0,33.00,1\r\n`);
    const rows = await call(t, 'GET', `/api/finance/reports/entries.csv?${query}`, admin);
    expect(rows.body).toMatch(
      /,Grace,Tithe,Cash,USSD,pending,pending,33\.00,\d{6},Esi Arthur(\r\n|$)/,
    );
  });

  it('checks the range', async () => {
    const res = await call(t, 'GET', '/api/finance/reports?from=2026-02-01&to=2026-01-01', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.to).toBe('The last day is before the first.');
    expect(
      (await call(t, 'GET', '/api/finance/reports?from=nope&to=2026-01-01', admin)).statusCode,
    ).toBe(400);
  });
});
