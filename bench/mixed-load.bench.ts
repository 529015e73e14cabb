// Mixed load (issue 16 #6): 200 members, each with their own session and a history of 60
// gifts, for 30 s, each going round the mix one request after another (me, church,
// profile, history, a cash gift, sermons, a devotional day), on PostgreSQL and on the
// embedded database. Goals: 0 errors; p99 ≤ 200 ms on PostgreSQL, ≤ 1 s and nothing over
// 10 s embedded. Each member gives once (a cash gift) per run. Also the embedded server's memory after the load (goal ≤ 450 MiB).
// A small bounded load generator (node:http, keep-alive): autocannon shares one request list
// between its connections, so it cannot give each member their own cookie through a mix.
//   npm run bench -- mixed-load
import http from 'node:http';
import type { BenchRow } from './report.ts';
import {
  freshDatabase,
  postgresReachable,
  round,
  seedGifts,
  seedMembers,
  startFlock,
  type Member,
} from './server-harness.ts';
import { send } from '../src/server/testing/member-load.ts';

const MEMBERS = 200;
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 30);
const TIMEOUT_MS = 10_000;

const gift = JSON.stringify({
  type: 'tithe',
  firstName: 'Bench',
  lastName: 'Member',
  assembly: 'grace',
  amount: '5',
  paymentMethod: 'cash',
});

const mix: { method: 'GET' | 'POST'; path: string; body?: string }[] = [
  { method: 'GET', path: '/api/me' },
  { method: 'GET', path: '/api/church' },
  { method: 'GET', path: '/api/profile' },
  { method: 'GET', path: '/api/history' },
  { method: 'POST', path: '/api/giving/gifts', body: gift },
  { method: 'GET', path: '/api/sermons' },
  { method: 'GET', path: '/api/devotional/weeks/15/days/2' },
];

interface Outcome {
  latencies: number[];
  errors: number;
  slowest: number;
  overTimeout: number;
  statuses: Map<number, number>;
  /** Per path: requests, failures, slowest (ms). */
  paths: Map<string, { n: number; failed: number; slowest: number }>;
}

export async function runMix(url: string, members: Member[], seconds: number): Promise<Outcome> {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: members.length });
  const outcome: Outcome = {
    latencies: [],
    errors: 0,
    slowest: 0,
    overTimeout: 0,
    statuses: new Map(),
    paths: new Map(),
  };
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    members.map(async (member, i) => {
      for (let n = 0; Date.now() < until; n++) {
        // Each member starts at another point of the mix; one cash gift each per run (a
        // member does not give every few seconds, and the per-member limit would refuse it).
        const step = mix[(n + i) % mix.length]!;
        if (step.method === 'POST' && n >= mix.length) continue;
        const started = performance.now();
        const { status } = await send(
          agent,
          base,
          { cookie: member.cookie, address: '127.0.0.1' },
          step.method,
          step.path,
          step.body ? { type: 'application/json', bytes: step.body } : undefined,
          base.origin,
          { 'accept-encoding': 'br, gzip' },
        );
        const ms = performance.now() - started;
        outcome.latencies.push(ms);
        outcome.slowest = Math.max(outcome.slowest, ms);
        outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
        const path = outcome.paths.get(step.path) ?? { n: 0, failed: 0, slowest: 0 };
        path.n++;
        path.slowest = Math.max(path.slowest, Math.round(ms));
        if (status < 200 || status >= 300) {
          outcome.errors++;
          path.failed++;
        }
        outcome.paths.set(step.path, path);
        if (status === -1 && ms >= TIMEOUT_MS) outcome.overTimeout++;
      }
    }),
  );
  agent.destroy();
  return outcome;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function onDatabase(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  let members: Member[] = [];
  const db = await freshDatabase(kind, async (database) => {
    members = await seedMembers(database, MEMBERS, 'mixed');
    for (const m of members) await seedGifts(database, m.id, 60);
  });
  const flock = await startFlock({
    dataDir: db.dataDir,
    ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
  });
  try {
    await runMix(flock.url, members.slice(0, 20), 3); // warm-up
    const outcome = await runMix(flock.url, members, SECONDS);
    const sorted = [...outcome.latencies].sort((a, b) => a - b);
    const p99 = round(percentile(sorted, 99));
    const name = kind === 'postgres' ? 'PostgreSQL' : 'embedded';
    const bad = [...outcome.statuses].filter(([s]) => s < 200 || s >= 300);
    if (bad.length > 0)
      console.warn(`${name}: answers that were not 2xx:`, Object.fromEntries(bad));
    console.log(`${name}, per path:`, Object.fromEntries(outcome.paths));
    const rows: BenchRow[] = [
      {
        measure: `200 members, ${name}`,
        value: round(outcome.latencies.length / SECONDS),
        unit: 'req/s',
      },
      { measure: `200 members p50, ${name}`, value: round(percentile(sorted, 50)), unit: 'ms' },
      {
        measure: `200 members p99, ${name}`,
        value: p99,
        unit: 'ms',
        goal: kind === 'postgres' ? '≤ 200' : '≤ 1000',
        ok: p99 <= (kind === 'postgres' ? 200 : 1000),
      },
      {
        measure: `200 members errors, ${name}`,
        value: outcome.errors,
        unit: '',
        goal: '0',
        ok: outcome.errors === 0,
      },
      {
        measure: `200 members slowest, ${name}`,
        value: round(outcome.slowest),
        unit: 'ms',
        ...(kind === 'pglite' ? { goal: '< 10000', ok: outcome.slowest < 10_000 } : {}),
      },
    ];
    if (kind === 'pglite') {
      await new Promise((r) => setTimeout(r, 2000));
      const after = flock.rssMiB();
      rows.push({
        measure: 'RSS after the load, embedded',
        value: after,
        unit: 'MiB',
        goal: '≤ 450',
        ok: after <= 450,
      });
      rows.push({
        measure: 'peak RSS, embedded (start and load)',
        value: flock.peakMiB(),
        unit: 'MiB',
      });
    }
    return rows;
  } finally {
    await flock.stop();
    await db.drop();
  }
}

export default async function mixedLoad(): Promise<BenchRow[]> {
  const rows = await onDatabase('pglite');
  if (await postgresReachable()) rows.push(...(await onDatabase('postgres')));
  else console.warn('PostgreSQL is not reachable (BENCH_DATABASE_URL): its rows are left out.');
  return rows;
}

if (import.meta.main) console.table(await mixedLoad());
