// What the server benches share (issue 16 #6): the real server started as `npm start` starts
// it (same Node flags, production defaults, loopback only), bare baselines in their own
// processes, members seeded with SQL and signed in with cookies the server accepts, and
// autocannon runs interleaved A B, B A so that the machine's noise falls on both sides.
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.ts';
import { loadContent } from '../src/server/db/content.ts';
import { serverNodeFlags } from '../src/server/node-flags.ts';
import { freePort } from '../src/server/testing/free-port.ts';
import {
  PRODUCTION_SESSION_COOKIE,
  seedMembers as seedMembersFor,
  sessionCookie as sessionCookieFor,
  type Member,
} from '../src/server/testing/seed-members.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-1234';
/** NODE_ENV=production: the session cookie carries the __Secure- prefix. */
export const SESSION_COOKIE = PRODUCTION_SESSION_COOKIE;
export const PG_SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/**
 * The Node flags a server of that kind runs with: main.ts picks its own (node-flags.ts), and
 * the bare baselines get the same, so that both sides of a ratio run alike.
 * BENCH_NODE_FLAGS="..." (or "") runs both with other flags, to compare.
 */
export function startFlags(embedded: boolean): string[] {
  if (process.env.BENCH_NODE_FLAGS !== undefined) {
    return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  }
  return serverNodeFlags(embedded);
}

export function tempDir(name: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `flock-bench-${name}-`));
}

const mib = (kb: number) => Math.round(kb / 1024);

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return mib(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0));
}

export interface Running {
  url: string;
  port: number;
  /** Start to ready (/api/ready answers, or the first answer for a bare server), ms. */
  readyMs: number;
  rssMiB(): number;
  peakMiB(): number;
  /** CPU time the server's process has used (user + system, every thread), ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

async function waitUntil(url: string, child: ChildProcess, log: () => string, limitMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not ready after ${limitMs} ms: ${log()}`);
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

export function procCpuMs(pid: number): number {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's name (in parentheses, which may hold spaces): utime and stime are the
  // 12th and 13th fields.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

function running(child: ChildProcess, port: number, readyMs: number): Running {
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    readyMs,
    rssMiB: () => procStatus(child.pid!, 'VmRSS'),
    peakMiB: () => procStatus(child.pid!, 'VmHWM'),
    cpuMs: () => procCpuMs(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * One core for the load, another for the server under test (Linux `taskset`, 2 cores or
 * more). Unpinned on 2 cores, autocannon, the server and both processes' collector threads
 * fight for the same two cores, and a run lands in one of two modes ~40 % apart depending on
 * where the scheduler puts them: a ratio then says more about the scheduler than the server.
 * Null where it cannot be done (one core, no taskset): the bench then runs unpinned.
 */
const TASKSET = '/usr/bin/taskset';
export const pinning: { load: string; server: string; all: string } | null =
  os.availableParallelism() >= 2 && fs.existsSync(TASKSET)
    ? {
        load: '0',
        server: String(os.availableParallelism() - 1),
        // Read now: once pinned, availableParallelism() answers 1.
        all: `0-${os.availableParallelism() - 1}`,
      }
    : null;

/**
 * Puts this process (autocannon runs in it) on the load's core until `release` is called.
 * Everything it starts meanwhile inherits the core: start the servers first.
 */
export function pinLoad(): { release(): void } {
  if (!pinning) return { release() {} };
  const set = (cores: string) =>
    execFileSync(TASKSET, ['-a', '-p', '-c', cores, String(process.pid)], { stdio: 'ignore' });
  set(pinning.load);
  return { release: () => set(pinning.all) };
}

/** `node args…`, on the server's core when `pin` and pinning is possible. */
function spawnNode(args: string[], pin: boolean | undefined, options: SpawnOptions) {
  return pin && pinning
    ? spawn(TASKSET, ['-c', pinning.server, process.execPath, ...args], options)
    : spawn(process.execPath, args, options);
}

/** The real server, `node src/server/main.ts` as `npm start` runs it, production defaults. */
export async function startFlock(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** On the server's core (see `pinning`). */
  pin?: boolean;
}): Promise<Running> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DEV_MAILBOX: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    AUTH_SECRET,
    RECONCILE_INTERVAL_SECONDS: '0',
    // The members' own limits stay on; sign-in limits do not matter here (no sign-ins).
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  let output = '';
  const started = performance.now();
  const child = spawnNode(
    // As `npm start` runs it: without flags, main.ts takes its own (unless BENCH_NODE_FLAGS).
    [
      ...(process.env.BENCH_NODE_FLAGS === undefined ? [] : startFlags(!options.databaseUrl)),
      path.join(repoRoot, 'src/server/main.ts'),
    ],
    options.pin,
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await waitUntil(`http://127.0.0.1:${port}/api/ready`, child, () => output);
  return running(child, port, performance.now() - started);
}

/** The processes of process group `group` (a detached child and what it started). */
function groupPids(group: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The process group is the 5th field, the 3rd after the command's name.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group) {
        pids.push(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * `npm start` as the README runs it (npm, the web build check, the server), on a free port:
 * start to ready, and the start path's memory: the largest process's peak (VmHWM) and the
 * largest sum of the group's RSS seen while it started (sampled every 20 ms).
 */
export async function startWithNpm(options: { dataDir: string }) {
  const port = await freePort();
  let output = '';
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    detached: true,
    env: {
      PATH: path.join(repoRoot, 'node_modules/.bin') + path.delimiter + (process.env.PATH ?? ''),
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      DEV_MAILBOX: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: options.dataDir,
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let peakProcessMiB = 0;
  let peakSumMiB = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of groupPids(child.pid!)) {
      try {
        peakProcessMiB = Math.max(peakProcessMiB, procStatus(pid, 'VmHWM'));
        sum += procStatus(pid, 'VmRSS');
      } catch {
        // gone meanwhile
      }
    }
    peakSumMiB = Math.max(peakSumMiB, sum);
  };
  const sampler = setInterval(sample, 20);
  try {
    await waitUntil(`http://127.0.0.1:${port}/api/ready`, child, () => output, 180_000);
  } finally {
    sample();
    clearInterval(sampler);
  }
  const readyMs = performance.now() - started;
  return {
    readyMs,
    peakProcessMiB,
    peakSumMiB,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          // The server may outlive npm by its drain: wait for the whole group.
          const gone = setInterval(() => {
            if (groupPids(child.pid!).length === 0) {
              clearInterval(gone);
              resolve();
            }
          }, 50);
        });
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

/** A bare baseline: `node <start flags> bench/baselines/<name>.ts` on a free port. */
export async function startBaseline(
  name: string,
  env: Record<string, string> = {},
  options: { pin?: boolean } = {},
) {
  const port = await freePort();
  let output = '';
  const started = performance.now();
  const child = spawnNode(
    [...startFlags(!env.DATABASE_URL), path.join(repoRoot, 'bench/baselines', `${name}.ts`)],
    options.pin,
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await waitUntil(`http://127.0.0.1:${port}/ready`, child, () => output);
  return running(child, port, performance.now() - started);
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors, timeouts and answers that are not 2xx. */
  errors: number;
  timeouts: number;
  total: number;
  /** The server's CPU per answered request, µs (`loadMeasuringCpu`). */
  cpuUs?: number;
}

export async function load(options: Options): Promise<LoadFigures> {
  const result: Result = await autocannon({ timeout: 10, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    total: result.requests.total,
  };
}

/**
 * `load` against `server`, with what the server's process spent in CPU per request: unlike
 * req/s, it does not depend on the client keeping up (autocannon, on its own core, is the
 * limit for the fastest servers on some hosts).
 */
export async function loadMeasuringCpu(server: Running, options: Options): Promise<LoadFigures> {
  const before = server.cpuMs();
  const figures = await load(options);
  const cpuUs = ((server.cpuMs() - before) * 1000) / Math.max(1, figures.total);
  return { ...figures, cpuUs: Math.round(cpuUs * 10) / 10 };
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * A and B, ROUNDS times each (A B, B A, …); the medians of each side and of A ÷ B, by req/s
 * and, when both runs measured it, by CPU per request.
 */
export async function interleaved(
  rounds: number,
  a: () => Promise<LoadFigures>,
  b: () => Promise<LoadFigures>,
): Promise<{
  a: LoadFigures;
  b: LoadFigures;
  ratio: number;
  ratios: number[];
  cpuRatio?: number;
  cpuRatios?: number[];
}> {
  const as: LoadFigures[] = [];
  const bs: LoadFigures[] = [];
  // A B, B A, A B…: whichever runs second in a round (after the other's sockets, in a host
  // that has warmed or cooled) is not always the same side.
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      as.push(await a());
      bs.push(await b());
    } else {
      bs.push(await b());
      as.push(await a());
    }
  }
  const pick = (runs: LoadFigures[]): LoadFigures => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    max: Math.max(...runs.map((r) => r.max)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    total: runs.reduce((n, r) => n + r.total, 0),
    ...(runs.every((r) => r.cpuUs !== undefined)
      ? { cpuUs: median(runs.map((r) => r.cpuUs!)) }
      : {}),
  });
  // The ratio is the median of each round's A ÷ B, not the ratio of the medians: this
  // machine's speed drifts by up to 2× over a minute (other tenants), and a round's A and B
  // run seconds apart, in the same state; the medians of each side may come from different ones.
  const ratios = as.map((run, i) => run.rps / bs[i]!.rps);
  // The same by the servers' CPU per request (B's cost ÷ A's: A's speed, 1 = as cheap as B).
  const cpuRatios = as.every((run, i) => run.cpuUs && bs[i]!.cpuUs)
    ? as.map((run, i) => bs[i]!.cpuUs! / run.cpuUs!)
    : undefined;
  const round2 = (value: number) => Math.round(value * 100) / 100;
  return {
    a: pick(as),
    b: pick(bs),
    ratio: round2(median(ratios)),
    ratios,
    ...(cpuRatios ? { cpuRatio: round2(median(cpuRatios)), cpuRatios } : {}),
  };
}

/** The cookie the server accepts for this session token (bench servers' AUTH_SECRET). */
export const sessionCookie = (token: string) => sessionCookieFor(token, AUTH_SECRET);

// ---------------------------------------------------------------- databases and members

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** The server's DATA_DIR (PGlite keeps its data in <dataDir>/pgdata). */
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A new, empty database on the PostgreSQL server (PG_SERVER_URL), and a way to drop it. */
export async function scratchPostgres(prefix = 'flock_bench') {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const onServer = async (sql: string) => {
    const admin = new pg.Client({ connectionString: PG_SERVER_URL });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database "${name}"`);
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`drop database if exists "${name}" with (force)`),
  };
}

/** A fresh, migrated database with the content files applied, and a function to seed it. */
export async function freshDatabase(
  kind: 'pglite' | 'postgres',
  seed: (database: Database) => Promise<void>,
): Promise<BenchDatabase> {
  const dataDir = tempDir(kind);
  const scratch = kind === 'postgres' ? await scratchPostgres() : undefined;
  const databaseUrl = scratch?.url;
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
  try {
    await database.migrate();
    await loadContent(database.db, path.join(repoRoot, 'content'));
    await seed(database);
  } finally {
    await database.close();
  }
  return {
    kind,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

export type { Member };

/** Confirmed members with a live session each, written with SQL. */
export const seedMembers = (database: Database, count: number, prefix = 'member') =>
  seedMembersFor(database, count, prefix, AUTH_SECRET);

/** `count` gifts of every kind for one member, spread over the last two years. */
export async function seedGifts(database: Database, userId: string, count: number) {
  await database.query(
    `insert into transactions (user_id, reference, method, provider, type, amount, status,
       first_name, last_name, assembly, provider_response, created_at)
     select $1, 'FLK-BENCH-' || $1 || '-' || g, case when g % 2 = 0 then 'card' else 'momo' end,
       'sandbox', 'offering', 100 + g, (array['success','pending','failed'])[1 + g % 3],
       'Bench', 'Member', 'grace', jsonb_build_object('status', 'success', 'raw', repeat('x', 400)),
       now() - g * interval '1 hour'
     from generate_series(1, $2::int) g`,
    [userId, count],
  );
}

export const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
