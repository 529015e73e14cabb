import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FinanceReport } from '../../../shared/schemas/finance.ts';
import { loadConfig } from '../../config.ts';
import { openReplica, type Database } from '../../db/client.ts';
import { loadContent } from '../../db/content.ts';
import { cashOfferings, transactions } from '../../db/schema.ts';
import { drainAndClose } from '../../platform/shutdown.ts';
import { memberSession } from '../../testing/accounts.ts';
import { call, give } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestDatabase } from '../../testing/test-database.ts';

// Decision 047: with DATABASE_REPLICA_URL the finance reports read the replica, through a
// read-only handle of its own; everything else stays on the main database. The "replica" here
// is a second database on the test server holding other gifts than the main one, so an answer
// shows which database it came from. PostgreSQL only (TEST_DATABASE_URL): the embedded
// database has no replica.

const serverUrl = process.env.TEST_DATABASE_URL;
const TITLE = 'Finance reports on a read replica (decision 047)';

const gift = (assembly: string, type: string, amount: number, reference: string) => ({
  firstName: 'Esi',
  lastName: 'Quaye',
  reference,
  provider: 'sandbox',
  method: 'card' as const,
  assembly,
  type,
  amount,
  status: 'success',
  createdAt: new Date('2026-01-05T09:00:00Z'),
});
const range = 'from=2026-01-01&to=2026-01-31';

/** Sessions the app holds on `url`'s database for its reports handle. */
async function reportConnections(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*) as n from pg_stat_activity
       where datname = current_database() and application_name = 'flock-reports'`,
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

if (!serverUrl) {
  describe(`${TITLE}: not applicable on embedded PGlite (no replica); runs with TEST_DATABASE_URL`, () => {
    it('refuses DATABASE_REPLICA_URL without a PostgreSQL server to replicate', () => {
      expect(() =>
        loadConfig({ DATABASE_REPLICA_URL: 'postgres://flock@db-standby:5432/flock' }),
      ).toThrow(/DATABASE_REPLICA_URL: set only with DATABASE_URL/);
    });
  });
} else {
  describe(TITLE, () => {
    /** The test's own (writable) handle on the replica's database, to put its data there. */
    let replica: Database;
    let t: TestApp;
    let admin: string;
    let member: string;
    let cashCode: string;

    beforeAll(async () => {
      replica = await createTestDatabase(inject('testDatabase'));
      t = await createTestApp({
        env: { ADMIN_EMAILS: 'admin@example.com' },
        databaseEnv: (main) => ({ DATABASE_URL: main.url!, DATABASE_REPLICA_URL: replica.url! }),
      });
      // A standby has its primary's assemblies; its gifts differ here on purpose.
      await loadContent(replica.db, t.config.contentDir);
      await replica.db.insert(transactions).values(gift('bethel', 'seed', 12345, 'FLK-REPLICA-1'));
      await t.db.insert(transactions).values(gift('grace', 'tithe', 10000, 'FLK-MAIN-1'));

      admin = await memberSession(t, 'admin@example.com');
      member = await memberSession(t, 'ama@example.com');
      cashCode = (await give(t, member, { paymentMethod: 'cash', amount: '40' })).code!;
    });
    afterAll(async () => {
      await t?.close();
      await replica?.close();
    });

    it('answers the report and both CSVs from the replica', async () => {
      const res = await call(t, 'GET', `/api/finance/reports?${range}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as FinanceReport;
      // The replica's gift (123.45 to Bethel), not the main database's (100.00 to Grace).
      expect(report.groups).toEqual([
        expect.objectContaining({
          month: '2026-01',
          assembly: 'bethel',
          type: 'seed',
          method: 'card',
          confirmedAmount: 12345,
          confirmedCount: 1,
        }),
      ]);
      expect(report.totals).toEqual({
        confirmedAmount: 12345,
        confirmedCount: 1,
        pendingAmount: 0,
        pendingCount: 0,
      });
      expect(report.assemblies.map((a) => a.slug)).toContain('bethel');

      const table = await call(t, 'GET', `/api/finance/reports/table.csv?${range}`, admin);
      expect(table.statusCode).toBe(200);
      expect(table.body).toContain('123.45');
      expect(table.body).not.toContain('100.00');
      const entries = await call(t, 'GET', `/api/finance/reports/entries.csv?${range}`, admin);
      expect(entries.statusCode).toBe(200);
      expect(entries.body).toContain('FLK-REPLICA-1');
      expect(entries.body).not.toContain('FLK-MAIN-1');
    });

    it("keeps a member's gifts and history, and the finance desk, on the main database", async () => {
      const second = (await give(t, member, { paymentMethod: 'cash', amount: '12.50' })).code!;
      const inMain = await t.db
        .select({ amount: cashOfferings.amount })
        .from(cashOfferings)
        .where(eq(cashOfferings.code, second));
      expect(inMain).toEqual([{ amount: 1250 }]);
      expect(
        await replica.db.select().from(cashOfferings).where(eq(cashOfferings.code, second)),
      ).toEqual([]);

      const history = await call(t, 'GET', '/api/history', member);
      expect(history.statusCode, history.body).toBe(200);
      const amounts = (history.json().entries as { amount: number }[]).map((e) => e.amount);
      expect(amounts.sort()).toEqual([1250, 4000]);

      // The cash desk must read what was just written: the main database.
      const found = await call(t, 'GET', `/api/finance/cash?code=${cashCode}`, admin);
      expect(found.statusCode, found.body).toBe(200);
    });

    it('opens the reports handle on the replica, read-only: a write there fails', async () => {
      const { reportsDb, db } = t.app.ctx;
      expect(reportsDb).not.toBe(db);
      // The reports above connected to the replica only.
      expect(await reportConnections(replica.url!)).toBeGreaterThan(0);
      expect(await reportConnections(t.database.url!)).toBe(0);
      await expect(
        reportsDb.insert(transactions).values(gift('hope', 'tithe', 500, 'FLK-NOT-WRITTEN')),
      ).rejects.toSatisfy((error: Error & { cause?: Error }) =>
        /cannot execute INSERT in a read-only transaction/.test(
          `${error.message} ${error.cause?.message}`,
        ),
      );
      expect(
        await replica.db.select().from(transactions).where(eq(transactions.assembly, 'hope')),
      ).toEqual([]);
    });

    it("keeps the settings the replica URL's own options ask for, and stays read-only", async () => {
      const url = new URL(replica.url!);
      url.searchParams.set('options', '-c statement_timeout=4321');
      const handle = await openReplica(url.toString());
      try {
        const [settings] = await handle.query<{ timeout: string; readOnly: string }>(
          `select current_setting('statement_timeout') as timeout,
             current_setting('default_transaction_read_only') as "readOnly"`,
          [],
        );
        expect(settings).toEqual({ timeout: '4321ms', readOnly: 'on' });
      } finally {
        await handle.close();
      }
    });

    it('closes the replica connections when the app drains and closes', async () => {
      // (The pool let go of the connection the refused write failed on: open one again.)
      expect((await call(t, 'GET', `/api/finance/reports?${range}`, admin)).statusCode).toBe(200);
      expect(await reportConnections(replica.url!)).toBeGreaterThan(0);
      await drainAndClose(t.app, 0);
      const deadline = Date.now() + 5_000;
      while ((await reportConnections(replica.url!)) > 0) {
        if (Date.now() > deadline) throw new Error('replica connections still open after 5 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
  });
}
