// The finance report over 100,000 gifts on PostgreSQL (issue 12: p95 ≤ 200 ms).
//
//   npm run bench -- finance-report                  (with the bench runner)
//   ./node_modules/.bin/node bench/finance-report.bench.ts     (on its own)
//
// Creates a fresh database on BENCH_DATABASE_URL (else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), migrates it, writes 100,000 gifts over a year
// (card and mobile money, cash, bank; every assembly, type and state) with SQL, starts the
// real app on it, and times GET /api/finance/reports as an admin: the whole church for the
// year, and one assembly for a quarter (what an assembly's officer asks), sequentially,
// after a warm-up. Loopback only; bounded (60 requests each); drops its database at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema.ts';
import { grantAdmin } from '../src/server/features/accounts/accounts.service.ts';
import { testConfig } from '../src/server/testing/test-config.ts';
import { runIfMain, type BenchRow } from './report.ts';
import { scratchPostgres } from './server-harness.ts';

const GIFTS = 100_000;
const RUNS = 60;
const GOAL_P95_MS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** 40 % card/mobile money, 35 % cash, 25 % bank, spread over 2026 and every assembly. */
function seedSql(assemblies: string[]) {
  const list = `(array[${assemblies.map((a) => `'${a}'`).join(',')}])`;
  const types = `(array['tithe','offering','seed','pledge','missions','building_project','welfare','other'])`;
  const when = (g: string) =>
    `timestamptz '2026-01-01' + ((${g}::bigint * 104729) % (365 * 24 * 3600)) * interval '1 second'`;
  const tx = Math.round(GIFTS * 0.4);
  const cash = Math.round(GIFTS * 0.35);
  const bank = GIFTS - tx - cash;
  return [
    `insert into transactions (reference, method, provider, type, other_type, amount, status, first_name, last_name, assembly, created_at)
     select 'FLK-BENCH-' || g, case when g % 2 = 0 then 'card' else 'momo' end, 'sandbox',
       ${types}[1 + g % 8], case when g % 8 = 7 then 'Harvest' end, 100 + (g * 7919) % 50000,
       (array['success','success','success','pending','failed','abandoned'])[1 + g % 6],
       'Bench', 'Member', ${list}[1 + g % ${assemblies.length}], ${when('g')}
     from generate_series(1, ${tx}) g`,
    `insert into cash_offerings (first_name, last_name, assembly, type, amount, code, status, received_amount, received_on, deleted, created_at)
     select 'Bench', 'Member', ${list}[1 + g % ${assemblies.length}], 'tithe', 100 + (g * 7919) % 50000,
       lpad(g::text, 6, '0'),
       s, case when s = 'received' then 100 + (g * 7919) % 50000 when s = 'flagged' then 50 end,
       case when s <> 'pending' then date '2026-06-01' end, g % 20 = 0, ${when('g')}
     from (select g, (array['received','received','pending','flagged'])[1 + g % 4] as s
           from generate_series(1, ${cash}) g) x`,
    `insert into bank_transfers (first_name, last_name, assembly, type, amount, bank, code, status, matched_at, deleted, created_at)
     select 'Bench', 'Member', ${list}[1 + g % ${assemblies.length}], t, 100 + (g * 7919) % 50000,
       case when g % 2 = 0 then 'fidelity' else 'prudential' end,
       case when t = 'tithe' then 'BT-' || lpad(g::text, 5, '0') end,
       case when g % 3 = 0 then 'matched' else 'pending' end,
       case when g % 3 = 0 then timestamptz '2026-06-01' end, g % 25 = 0, ${when('g')}
     from (select g, case when g % 2 = 0 then 'tithe' else ${types}[1 + g % 7] end as t
           from generate_series(1, ${bank}) g) x`,
    'analyze',
  ];
}

export default async function financeReportBench(): Promise<BenchRow[]> {
  const scratch = await scratchPostgres('flock_bench_finance');
  const url = scratch.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-'));
  const database = await openPostgres(url);
  try {
    const config = testConfig(dataDir);
    const app = await buildApp(config, { database, webDir: null });
    await app.ready();
    try {
      const { rows } = (await database.db.execute(
        sql`select slug from assemblies order by position`,
      )) as unknown as { rows: { slug: string }[] };
      const assemblies = rows.map((r) => r.slug);
      const seeded = Date.now();
      for (const statement of seedSql(assemblies)) await database.db.execute(sql.raw(statement));
      const seedSeconds = (Date.now() - seeded) / 1000;

      // An admin, signed in through the API as the browser is.
      const email = 'bench-admin@example.com';
      const password = 'bench-password-1';
      await app.ctx.auth.api.signUpEmail({
        body: {
          name: 'Bench Admin',
          email,
          password,
          phoneNumber: '+233241234567',
          assemblyName: 'grace',
        },
      });
      await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      await grantAdmin(app.ctx, email);
      const origin = new URL(config.publicUrl).origin;
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password },
        headers: { origin },
      });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

      const time = async (query: string) => {
        const times: number[] = [];
        let gifts = 0;
        for (let i = 0; i < RUNS + 5; i++) {
          const started = performance.now();
          const res = await app.inject({
            url: `/api/finance/reports?${query}`,
            headers: { cookie },
          });
          const ms = performance.now() - started;
          if (res.statusCode !== 200)
            throw new Error(`report answered ${res.statusCode}: ${res.body}`);
          const totals = res.json().totals as { confirmedCount: number; pendingCount: number };
          gifts = totals.confirmedCount + totals.pendingCount;
          if (i >= 5) times.push(ms);
        }
        times.sort((a, b) => a - b);
        return { p50: percentile(times, 50), p95: percentile(times, 95), gifts };
      };
      const year = await time('from=2026-01-01&to=2026-12-31');
      const quarter = await time('from=2026-04-01&to=2026-06-30&assembly=grace');
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return [
        { measure: 'gifts in the database', value: GIFTS, unit: 'rows' },
        { measure: 'seeding', value: round(seedSeconds), unit: 's' },
        { measure: 'year, whole church: gifts counted', value: year.gifts, unit: 'rows' },
        { measure: 'year, whole church: p50', value: round(year.p50), unit: 'ms' },
        {
          measure: 'year, whole church: p95',
          value: round(year.p95),
          unit: 'ms',
          goal: `≤ ${GOAL_P95_MS}`,
          ok: year.p95 <= GOAL_P95_MS,
        },
        { measure: 'quarter, one assembly: p50', value: round(quarter.p50), unit: 'ms' },
        {
          measure: 'quarter, one assembly: p95',
          value: round(quarter.p95),
          unit: 'ms',
          goal: `≤ ${GOAL_P95_MS}`,
          ok: quarter.p95 <= GOAL_P95_MS,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// On its own (`node bench/finance-report.bench.ts`): print the figures and write bench/results.
await runIfMain(import.meta.url, financeReportBench);
