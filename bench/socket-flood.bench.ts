// One pastor floods the pastors' socket (issue 31, defect 2): 1,000 sockets of one pastor and
// 100 messages of 4,000 '€' (≈ 12 kB each: too large for NOTIFY, so each is announced by
// reference) while another member reads /api/history. The member's p50/p99 under the flood
// are printed beside the same run's unloaded figures (goal: p99 within 2×), and beside the
// same messages sent with no socket open (what the writes alone cost).
//
//   npm run bench -- socket-flood
//   ./node_modules/.bin/node bench/socket-flood.bench.ts
//
// The real server (`src/server/main.ts`, production defaults) on the embedded database, where
// a slow statement holds everyone. Members and pastors are written with SQL. Bounded: 1,000
// socket attempts (50 at a time), 100 messages (4 in flight), 60 s of flood at most.
import WebSocket from 'ws';
import { runIfMain, type BenchRow } from './report.ts';
import {
  freshDatabase,
  round,
  seedGifts,
  seedMembers,
  startFlock,
  type Member,
} from './server-harness.ts';

const SOCKETS = 1000;
const MESSAGES = 100;
const BASELINE_REQUESTS = 300;
const FLOOD_LIMIT_MS = 60_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export default async function socketFlood(): Promise<BenchRow[]> {
  let pastors: Member[] = [];
  let reader: Member | undefined;
  const db = await freshDatabase('pglite', async (database) => {
    pastors = await seedMembers(database, 2, 'pastor');
    [reader] = await seedMembers(database, 1, 'reader');
    await seedGifts(database, reader!.id, 200);
    await database.query(
      `insert into worker_applications (user_id, role, form_data, status, pastor_type)
       select unnest($1::text[]), 'pastor', '{}'::jsonb, 'approved', 'lay'`,
      [pastors.map((p) => p.id)],
    );
  });
  const flock = await startFlock({ dataDir: db.dataDir, env: { LOG_LEVEL: 'warn' } });
  const origin = flock.url;
  const [attacker, peer] = pastors as [Member, Member];
  const sockets: WebSocket[] = [];
  try {
    const history = async () => {
      const started = performance.now();
      const res = await fetch(`${flock.url}/api/history`, { headers: { cookie: reader!.cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/history answered ${res.status}`);
      return performance.now() - started;
    };
    // Warm up, then the unloaded figure.
    for (let i = 0; i < 30; i++) await history();
    const unloaded: number[] = [];
    for (let i = 0; i < BASELINE_REQUESTS; i++) unloaded.push(await history());

    // The flood: 1,000 sockets of one pastor (refusals counted), then 100 large messages.
    let accepted = 0;
    let refused = 0;
    let delivered = 0;
    await pool(
      Array.from({ length: SOCKETS }, (_, i) => i),
      50,
      () =>
        new Promise<void>((resolve) => {
          const socket = new WebSocket(`${flock.url.replace(/^http/, 'ws')}/api/pastor/socket`, {
            headers: { cookie: attacker.cookie, origin },
          });
          let settled = false;
          const refuse = () => {
            if (settled) return;
            settled = true;
            refused += 1;
            resolve();
          };
          socket.once('unexpected-response', () => {
            socket.terminate();
            refuse();
          });
          socket.once('error', refuse);
          // Closed by the server before 'ready' (a cap reached by a racing handshake).
          socket.once('close', refuse);
          socket.on('message', (data) => {
            const event = JSON.parse(String(data)) as { type: string };
            if (event.type === 'ready' && !settled) {
              settled = true;
              accepted += 1;
              sockets.push(socket);
              resolve();
            } else if (event.type === 'message') {
              delivered += 1;
            }
          });
        }),
    );

    /** 100 large messages sent while the member reads; the member's latencies. */
    const sendWhileReading = async (round: number, waitForSockets: boolean) => {
      const latencies: number[] = [];
      let sending = true;
      let sent = 0;
      const text = (i: number) => `${round}.${i} ${'€'.repeat(3990)}`;
      const started = performance.now();
      const before = delivered;
      const sender = pool(
        Array.from({ length: MESSAGES }, (_, i) => i),
        4,
        async (i) => {
          if (performance.now() - started > FLOOD_LIMIT_MS) return;
          const res = await fetch(`${flock.url}/api/pastor/conversations/${peer.id}/messages`, {
            method: 'POST',
            headers: { cookie: attacker.cookie, origin, 'content-type': 'application/json' },
            body: JSON.stringify({ text: text(i) }),
          });
          await res.arrayBuffer();
          if (res.status === 201) sent += 1;
        },
      ).finally(() => {
        sending = false;
      });
      // The member reads while messages are sent and until every socket has them (bounded).
      while (
        (sending || (waitForSockets && delivered - before < sent * accepted)) &&
        performance.now() - started < FLOOD_LIMIT_MS
      ) {
        latencies.push(await history());
      }
      await sender;
      return { latencies, sent, seconds: (performance.now() - started) / 1000 };
    };
    const flood = await sendWhileReading(1, true);
    const flooded = flood.latencies;
    const sent = flood.sent;
    const floodSeconds = flood.seconds;
    // The same messages with no socket open: what the writes alone cost the member.
    for (const socket of sockets.splice(0)) socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const writesOnly = await sendWhileReading(2, false);

    const p99Ratio = percentile(flooded, 99) / percentile(unloaded, 99);
    return [
      { measure: 'sockets accepted of 1,000 (one pastor)', value: accepted, unit: '' },
      { measure: 'sockets refused', value: refused, unit: '' },
      { measure: 'messages sent (4,000 €)', value: sent, unit: '' },
      {
        measure: 'deliveries to the pastor’s sockets',
        value: delivered,
        unit: '',
        baseline: sent * accepted,
      },
      { measure: 'flood duration', value: round(floodSeconds, 1), unit: 's' },
      {
        measure: 'other member /api/history p50',
        value: round(percentile(flooded, 50), 1),
        unit: 'ms',
        baseline: round(percentile(unloaded, 50), 1),
      },
      {
        measure: 'other member /api/history p99',
        value: round(percentile(flooded, 99), 1),
        unit: 'ms',
        baseline: round(percentile(unloaded, 99), 1),
      },
      {
        measure: 'other member /api/history max',
        value: round(Math.max(...flooded), 1),
        unit: 'ms',
        baseline: round(Math.max(...unloaded), 1),
      },
      {
        measure: 'same 100 messages, no socket open: /api/history p50',
        value: round(percentile(writesOnly.latencies, 50), 1),
        unit: 'ms',
        baseline: round(percentile(unloaded, 50), 1),
      },
      {
        measure: 'same 100 messages, no socket open: /api/history p99',
        value: round(percentile(writesOnly.latencies, 99), 1),
        unit: 'ms',
        baseline: round(percentile(unloaded, 99), 1),
      },
      {
        measure: 'p99 flooded ÷ unloaded',
        value: round(p99Ratio, 2),
        unit: '×',
        goal: '≤ 2',
        ok: p99Ratio <= 2,
      },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await flock.stop();
    await db.drop();
  }
}

await runIfMain(import.meta.url, socketFlood);
