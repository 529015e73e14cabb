// Pastor messages in realtime across two app instances (issue 9: p99 ≤ 50 ms, 100 % delivered).
//
//   npm run bench -- realtime                          (with the bench runner)
//   ./node_modules/.bin/node bench/realtime.bench.ts   (on its own)
//
// Creates a fresh database on BENCH_DATABASE_URL (else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test), starts two real app processes on it (loopback
// only), makes 1,000 approved pastors with sessions (SQL, not 1,000 password hashes) and
// connects each one's WebSocket, half to each instance. Then 1,000 messages are sent over
// HTTP at 100 a second (at most 50 in flight; after 100 not counted, to warm the instances
// up), each to a pastor connected to the OTHER
// instance; a message's latency runs from the start of its POST to its arrival on the
// receiver's socket (so it includes the POST: session, checks, insert, NOTIFY). In the same
// run, a bare `pg` client does the same fan-out (NOTIFY from one connection, LISTEN on two
// others, the same number, pace and size of payloads): the floor PostgreSQL itself sets. Bounded:
// 1,000 sockets, 1,000 messages, 10 s of waiting at most for late ones; drops its database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort } from '../src/server/testing/free-port.ts';
import { runIfMain, type BenchRow } from './report.ts';
import { repoRoot, scratchPostgres } from './server-harness.ts';

const PASTORS = 1000;
const MESSAGES = 1000;
/** Messages per second, paced (open loop): latency, not the saturation point. */
const RATE = 100;
/** At most this many POSTs in flight (bounded even if the server falls behind). */
const IN_FLIGHT = 50;
const GOAL_P99_MS = 50;
const LATE_WAIT_MS = 10_000;
/** Messages sent first and not counted (the instances' code paths warm up). */
const WARMUP = 100;
const ORIGIN = 'http://localhost:3000';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

// Logged at `warn`: a log line per request costs about a quarter of the throughput on 2 cores
// (DESIGN.md), which is the logging's cost, not the fan-out's.
async function startInstance(databaseUrl: string, secret: string, dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: secret,
      DATA_DIR: dataDir,
      CONTENT_DIR: path.join(repoRoot, 'content'),
      RECONCILE_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = (async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`instance exited (${child.exitCode})`);
      try {
        if ((await fetch(`${base}/api/ready`)).ok) return base;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('instance did not start within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return { child, url };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** better-auth's session cookie: the token signed with HMAC-SHA256 of the auth secret. */
const sessionCookie = (token: string, secret: string) => {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `flock.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
};

export default async function realtimeBench(): Promise<BenchRow[]> {
  const scratch = await scratchPostgres('flock_bench_rt');
  const databaseUrl = scratch.url;
  const secret = randomBytes(32).toString('hex');
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'flock-bench-rt-')));
  const children: ChildProcess[] = [];
  const sockets: WebSocket[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    // The first instance migrates and loads the content; then the pastors; then the second.
    const first = await startInstance(databaseUrl, secret, dataDirs[0]!);
    children.push(first.child);
    const base0 = await first.url;
    await db.connect();
    await db.query(
      `insert into users (id, full_name, email, email_verified)
       select 'bench-' || g, 'Pastor ' || g, 'pastor' || g || '@bench.example', true
       from generate_series(0, $1 - 1) g`,
      [PASTORS],
    );
    await db.query(
      `insert into worker_applications (user_id, role, form_data, status, pastor_type)
       select 'bench-' || g, 'pastor', '{}'::jsonb, 'approved', 'lay'
       from generate_series(0, $1 - 1) g`,
      [PASTORS],
    );
    await db.query(
      `insert into auth_sessions (id, token, user_id, expires_at)
       select 'bench-session-' || g, 'bench-token-' || g || '-' || md5(random()::text),
              'bench-' || g, now() + interval '1 day'
       from generate_series(0, $1 - 1) g`,
      [PASTORS],
    );
    const { rows } = await db.query<{ user_id: string; token: string }>(
      `select user_id, token from auth_sessions where id like 'bench-session-%'`,
    );
    const cookies = new Map(rows.map((r) => [r.user_id, sessionCookie(r.token, secret)]));
    const second = await startInstance(databaseUrl, secret, dataDirs[1]!);
    children.push(second.child);
    const bases = [base0, await second.url] as const;

    // Every pastor's socket: even ones on the first instance, odd ones on the second.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    // When each message reached its receiver and when its POST was answered.
    const arrivedAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const ids = Array.from({ length: PASTORS }, (_, g) => `bench-${g}`);
    const connectStarted = performance.now();
    await pool(ids, 50, async (id) => {
      const g = Number(id.slice('bench-'.length));
      const base = bases[g % 2]!;
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/pastor/socket`, {
        headers: { cookie: cookies.get(id)!, origin: ORIGIN },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('unexpected-response', (_req, res) =>
          reject(new Error(`socket refused: ${res.statusCode}`)),
        );
        socket.on('message', (data) => {
          const event = JSON.parse(String(data)) as {
            type: string;
            message?: { text: string | null; receiverId: string };
          };
          if (event.type === 'ready') return resolve();
          // Only the receiver's copy counts (the sender's own socket gets one too).
          if (event.type !== 'message' || event.message?.receiverId !== id) return;
          const started = sentAt.get(event.message.text ?? '');
          if (started !== undefined) {
            const now = performance.now();
            latencies.push(now - started);
            arrivedAt.set(event.message.text!, now);
            sentAt.delete(event.message.text!);
          }
        });
      });
    });
    const connectSeconds = (performance.now() - connectStarted) / 1000;

    // 1,000 messages, each to a pastor on the other instance, paced at RATE a second.
    const messages = Array.from({ length: MESSAGES }, (_, i) => {
      const pair = i % (PASTORS / 2);
      const forward = Math.floor(i / (PASTORS / 2)) % 2 === 0;
      const a = 2 * pair; // on the first instance
      const b = 2 * pair + 1; // on the second
      const [from, to] = forward ? [a, b] : [b, a];
      return { from: `bench-${from}`, to: `bench-${to}`, base: bases[from % 2]!, text: `m${i}` };
    });
    let failedSends = 0;
    const postTimes: number[] = [];
    const post = (m: (typeof messages)[number]) =>
      fetch(`${m.base}/api/pastor/conversations/${m.to}/messages`, {
        method: 'POST',
        headers: {
          cookie: cookies.get(m.from)!,
          origin: ORIGIN,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ text: m.text }),
      });
    const paced = async (
      list: typeof messages,
      send: (m: (typeof messages)[number]) => Promise<void>,
    ) => {
      const started = performance.now();
      let sent = 0;
      await pool(list, IN_FLIGHT, async (m) => {
        const wait = started + (sent++ * 1000) / RATE - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await send(m);
      });
    };

    // Warm-up, not counted: the instances' first requests compile their code paths.
    await paced(
      messages.slice(0, WARMUP).map((m, i) => ({ ...m, text: `warm-up ${i}` })),
      async (m) => {
        await (await post(m)).arrayBuffer();
      },
    );
    await new Promise((r) => setTimeout(r, 1000));

    const sendStarted = performance.now();
    await paced(messages, async (m) => {
      const t0 = performance.now();
      sentAt.set(m.text, t0);
      const res = await post(m);
      await res.arrayBuffer();
      answeredAt.set(m.text, performance.now());
      postTimes.push(performance.now() - t0);
      if (res.status !== 201) {
        failedSends += 1;
        sentAt.delete(m.text);
      }
    });
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    const deadline = performance.now() + LATE_WAIT_MS;
    while (latencies.length < MESSAGES - failedSends && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const appDelivered = latencies.length;
    latencies.sort((x, y) => x - y);
    postTimes.sort((x, y) => x - y);
    // What the fan-out adds: arrival on the other instance minus the POST's answer (negative
    // when the socket was first).
    const afterAnswer = [...arrivedAt]
      .filter(([text]) => answeredAt.has(text))
      .map(([text, at]) => at - answeredAt.get(text)!)
      .sort((x, y) => x - y);

    // The floor: the same fan-out with bare pg clients (NOTIFY on one, LISTEN on two).
    const baseline = await bareListenBaseline(databaseUrl, messages.length);

    const delivered = (100 * appDelivered) / MESSAGES;
    return [
      { measure: 'pastors connected (2 instances)', value: PASTORS, unit: 'sockets' },
      { measure: 'connecting every socket', value: round(connectSeconds), unit: 's' },
      { measure: 'messages sent (cross-instance)', value: MESSAGES, unit: 'msgs' },
      { measure: `sending them at ${RATE}/s`, value: round(sendSeconds), unit: 's' },
      { measure: 'send failures', value: failedSends, unit: 'msgs' },
      {
        measure: 'delivery latency p50',
        value: round(percentile(latencies, 50)),
        unit: 'ms',
        baseline: round(percentile(baseline.latencies, 50)),
      },
      {
        measure: 'delivery latency p99',
        value: round(percentile(latencies, 99)),
        unit: 'ms',
        goal: `≤ ${GOAL_P99_MS}`,
        baseline: round(percentile(baseline.latencies, 99)),
        ok: percentile(latencies, 99) <= GOAL_P99_MS,
      },
      {
        measure: 'delivery latency max',
        value: round(latencies.at(-1) ?? NaN),
        unit: 'ms',
        baseline: round(baseline.latencies.at(-1) ?? NaN),
      },
      {
        measure: 'delivered',
        value: Math.round(delivered * 10) / 10,
        unit: '%',
        goal: '100',
        baseline: Math.round(((100 * baseline.latencies.length) / MESSAGES) * 10) / 10,
        ok: appDelivered === MESSAGES,
      },
      // Where the time goes: the POST's own answer (session, checks, insert, NOTIFY).
      { measure: 'POST answered p50', value: round(percentile(postTimes, 50)), unit: 'ms' },
      { measure: 'POST answered p99', value: round(percentile(postTimes, 99)), unit: 'ms' },
      {
        measure: 'arrival minus POST answer p50',
        value: round(percentile(afterAnswer, 50)),
        unit: 'ms',
      },
      {
        measure: 'arrival minus POST answer p99',
        value: round(percentile(afterAnswer, 99)),
        unit: 'ms',
      },
      {
        measure: 'machine load average (1 min)',
        value: Math.round(os.loadavg()[0]! * 10) / 10,
        unit: 'procs',
      },
      {
        measure: 'bare pg LISTEN p50 (baseline)',
        value: round(percentile(baseline.latencies, 50)),
        unit: 'ms',
      },
      {
        measure: 'bare pg LISTEN p99 (baseline)',
        value: round(percentile(baseline.latencies, 99)),
        unit: 'ms',
      },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await Promise.all(children.map(stop));
    await db.end().catch(() => {});
    await scratch.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** NOTIFY from one connection, LISTEN on two, as many payloads of the app's size. */
async function bareListenBaseline(databaseUrl: string, count: number) {
  const listeners = [0, 1].map(() => new pg.Client({ connectionString: databaseUrl }));
  const sender = new pg.Pool({ connectionString: databaseUrl, max: IN_FLIGHT });
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  try {
    for (const [i, client] of listeners.entries()) {
      await client.connect();
      await client.query('listen bench_baseline');
      client.on('notification', (n) => {
        const { id, to } = JSON.parse(n.payload ?? '{}') as { id: string; to: number };
        if (to !== i) return; // like an instance, only its own pastors' messages count
        const started = sentAt.get(id);
        if (started === undefined) return;
        latencies.push(performance.now() - started);
        sentAt.delete(id);
      });
    }
    // About the size of the app's payload: the users and the message.
    const filler = 'x'.repeat(300);
    const started = performance.now();
    let sent = 0;
    await pool(
      Array.from({ length: count }, (_, i) => i),
      IN_FLIGHT,
      async (i) => {
        const due = started + (sent++ * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const id = `b${i}`;
        sentAt.set(id, performance.now());
        await sender.query('select pg_notify($1, $2)', [
          'bench_baseline',
          JSON.stringify({ id, to: i % 2, filler }),
        ]);
      },
    );
    const deadline = performance.now() + LATE_WAIT_MS;
    while (latencies.length < count && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    latencies.sort((x, y) => x - y);
    return { latencies };
  } finally {
    await Promise.all(listeners.map((c) => c.end().catch(() => {})));
    await sender.end();
  }
}

// On its own (`node bench/realtime.bench.ts`): print the figures and write bench/results.
await runIfMain(import.meta.url, realtimeBench);
