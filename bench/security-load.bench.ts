// Load: 200 members at once for 60 s against one instance on PostgreSQL (issue 15, Build 6:
// goal 0 errors, p99 ≤ 200 ms).
//
//   npm run bench -- security-load                     (with the bench runner)
//   ./node_modules/.bin/node bench/security-load.bench.ts   (on its own)
//   LOAD_MEMBERS=50 LOAD_SECONDS=10 …                   (shorter)
//
// Creates a fresh database on BENCH_DATABASE_URL (else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), migrates it, makes LOAD_MEMBERS confirmed members
// (one signed up through the auth library, the rest copies of it with their own ids and
// emails), and starts the real server (src/server/main.ts) as its own process on 127.0.0.1.
// Each simulated member, from its own client address (X-Forwarded-For, TRUST_PROXY=true: a
// phone each), arrives within the first half of the run (at most 30 s), logs in once, then
// until the time is up: opens home (church, me, sermons,
// devotional), gives a cash tithe, opens history and profile, with 0.5–1.5 s between
// screens as a person does. Bounded: LOAD_SECONDS, and every request times out after 10 s.
// The database is dropped at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema.ts';
import { freePort } from '../src/server/testing/free-port.ts';
import { LOAD_GIFT } from '../src/server/testing/member-load.ts';
import { testConfig } from '../src/server/testing/test-config.ts';
import { runIfMain, type BenchRow } from './report.ts';
import { repoRoot, scratchPostgres } from './server-harness.ts';

const MEMBERS = Number(process.env.LOAD_MEMBERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const GOAL_P99_MS = 200;
const PASSWORD = 'load test horse 1';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** LOAD_MEMBERS confirmed members sharing one password hash (hashing 200 would take long). */
async function seedMembers(url: string, dataDir: string): Promise<string[]> {
  const database = await openPostgres(url, { max: 2 });
  const config = testConfig(dataDir);
  const app = await buildApp(config, { database, webDir: null });
  try {
    const first = 'load-0@example.com';
    await app.ctx.auth.api.signUpEmail({
      body: {
        name: 'Load Member',
        email: first,
        password: PASSWORD,
        assemblyName: 'grace',
      },
    });
    // The auth library sets a phone number only once it is verified (its phone plugin).
    await database.db
      .update(users)
      .set({ emailVerified: true, phoneNumber: '+233241234567' })
      .where(eq(users.email, first));
    await database.db.execute(sql`
      with made as (
        insert into users (id, full_name, email, email_verified, phone_number, assembly_name)
        select 'load-user-' || g, 'Load Member ' || g, 'load-' || g || '@example.com', true,
          '+233241234567', 'grace'
        from generate_series(1, ${MEMBERS - 1}) g
        returning id
      )
      insert into auth_accounts (id, account_id, provider_id, user_id, password)
      select 'load-account-' || made.id, made.id, 'credential', made.id, a.password
      from made, auth_accounts a join users u on u.id = a.user_id
      where u.email = ${first} and a.provider_id = 'credential'`);
  } finally {
    await app.close();
    await database.close();
  }
  return Array.from({ length: MEMBERS }, (_, i) => `load-${i}@example.com`);
}

export default async function securityLoadBench(): Promise<BenchRow[]> {
  const scratch = await scratchPostgres('flock_load');
  const url = scratch.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-load-'));
  let child: ReturnType<typeof spawn> | undefined;
  try {
    const emails = await seedMembers(url, dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(repoRoot, 'src/server/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DEV_MAILBOX: 'true',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        RECONCILE_INTERVAL_SECONDS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/ready`)).ok) break;
      } catch {
        // not yet
      }
      if (i > 600) throw new Error('the server did not start');
      await pause(100);
    }

    const times: number[] = [];
    const loginTimes: number[] = [];
    const errors: Record<string, number> = {};
    let requests = 0;
    const deadline = Date.now() + SECONDS * 1000;

    async function member(index: number) {
      const address = `10.${(index >> 8) & 255}.${index & 255}.7`;
      let cookie = '';
      const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) => {
        const started = performance.now();
        requests++;
        try {
          const res = await fetch(`${base}${url}`, {
            method,
            headers: {
              'x-forwarded-for': address,
              'accept-encoding': 'gzip, br',
              ...(cookie ? { cookie } : {}),
              ...(body ? { 'content-type': 'application/json', origin: base } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          const ms = performance.now() - started;
          times.push(ms);
          if (url.startsWith('/api/auth/sign-in')) loginTimes.push(ms);
          if (res.status >= 400) {
            const key = `${method} ${url.split('?')[0]} ${res.status}`;
            errors[key] = (errors[key] ?? 0) + 1;
          }
          return res;
        } catch (error) {
          const key = `${method} ${url} ${(error as Error).name}`;
          errors[key] = (errors[key] ?? 0) + 1;
          return null;
        }
      };
      // Members arrive over the first half of the run (at most 30 s), as a congregation
      // opens the app: not all in one instant (a log-in is a deliberately slow password hash).
      await pause((index / MEMBERS) * Math.min(30_000, SECONDS * 500));
      const login = await call('POST', '/api/auth/sign-in/email', {
        email: emails[index],
        password: PASSWORD,
      });
      if (!login || login.status !== 200) return;
      cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const think = () => pause(500 + Math.random() * 1000);
      while (Date.now() < deadline) {
        for (const url of ['/api/church', '/api/me', '/api/sermons', '/api/devotional/weeks']) {
          await call('GET', url);
        }
        await think();
        await call('POST', '/api/giving/gifts', LOAD_GIFT);
        await think();
        await call('GET', '/api/history');
        await think();
        await call('GET', '/api/profile');
        await think();
      }
    }

    const started = Date.now();
    await Promise.all(Array.from({ length: MEMBERS }, (_, i) => member(i)));
    const seconds = (Date.now() - started) / 1000;
    const screens = times.filter((t) => !loginTimes.includes(t)).sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    loginTimes.sort((a, b) => a - b);
    const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
    if (errorCount > 0) console.log('errors:', errors);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const p99 = percentile(times, 99);
    return [
      { measure: 'simulated members', value: MEMBERS, unit: '' },
      { measure: 'duration', value: round(seconds), unit: 's' },
      { measure: 'requests', value: requests, unit: '' },
      { measure: 'throughput', value: round(requests / seconds), unit: 'req/s' },
      { measure: 'p50', value: round(percentile(times, 50)), unit: 'ms' },
      {
        measure: 'p99',
        value: round(p99),
        unit: 'ms',
        goal: `≤ ${GOAL_P99_MS}`,
        ok: p99 <= GOAL_P99_MS,
      },
      { measure: 'p99 without log-in', value: round(percentile(screens, 99)), unit: 'ms' },
      {
        measure: 'log-in p50 (password hash)',
        value: round(percentile(loginTimes, 50)),
        unit: 'ms',
      },
      { measure: 'log-in p99', value: round(percentile(loginTimes, 99)), unit: 'ms' },
      { measure: 'errors', value: errorCount, unit: '', goal: '0', ok: errorCount === 0 },
    ];
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// On its own (`node bench/security-load.bench.ts`): print the figures and write bench/results.
await runIfMain(import.meta.url, securityLoadBench);
