// One pastor floods the pastors' socket and the database (issue 31, defect 2) while another
// member reads /api/history in a closed loop. Six phases of PHASE_MS each, in one run:
//
//   1. unloaded;
//   2. within the limits: the pastor holds the sockets the cap allows (10) and sends messages
//      of 4,000 '€' (≈ 12 kB each: too large for NOTIFY, so each is announced by reference)
//      as fast as the limits let them, waiting as each 429's Retry-After says;
//   3. the attack as written: 1,000 socket attempts and 100 messages of 4,000 '€',
//      whatever the answers, the member reading on to the phase's end;
//   4. beyond the limits: 1,000 socket attempts (50 at a time) and messages sent 4 at a time
//      whatever the answer for the whole phase, the 429s counted;
//   5. for comparison, the same client sending an allowed request (/api/me) as fast, 4 at a
//      time: what any client sending requests as fast as it can costs the others;
//   6. unloaded again (the host may have drifted during the run).
//
// The member's p50/p99 in phases 2–5 are printed beside the unloaded phases' (1 and 6
// together), with the ratio of the p99s (the goal, for phases 2 and 3: within 2×).
//
//   npm run bench -- socket-flood
//   ./node_modules/.bin/node bench/socket-flood.bench.ts
//
// The real server (`src/server/main.ts`, production defaults and limits) on the embedded
// database, where a slow statement holds everyone. Members and pastors are written with SQL.
// Bounded: six phases of 12 s (SOCKET_FLOOD_PHASE_MS), 2,000 socket attempts.
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
/** What the cap lets one pastor hold on one instance (SOCKET_LIMITS.perMember). */
const HELD_SOCKETS = 10;
const PHASE_MS = Number(process.env.SOCKET_FLOOD_PHASE_MS ?? 12_000);
const WARM_UP = 30;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  let delivered = 0;
  try {
    const history = async () => {
      const started = performance.now();
      const res = await fetch(`${flock.url}/api/history`, { headers: { cookie: reader!.cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/history answered ${res.status}`);
      return performance.now() - started;
    };
    /** The member reads for PHASE_MS while `attack` runs; `attack` is told when to stop. */
    const phase = async (attack?: (over: () => boolean) => Promise<void>) => {
      const started = performance.now();
      const over = () => performance.now() - started >= PHASE_MS;
      const attacking = attack?.(over);
      const latencies: number[] = [];
      while (!over()) latencies.push(await history());
      await attacking;
      return latencies;
    };

    /** One socket of the attacking pastor: true when it opened, false when refused. */
    const openSocket = () =>
      new Promise<boolean>((resolve) => {
        const socket = new WebSocket(`${flock.url.replace(/^http/, 'ws')}/api/pastor/socket`, {
          headers: { cookie: attacker.cookie, origin },
        });
        let settled = false;
        const settle = (opened: boolean) => {
          if (settled) return;
          settled = true;
          if (opened) sockets.push(socket);
          else socket.terminate();
          resolve(opened);
        };
        socket.once('unexpected-response', () => settle(false));
        socket.once('error', () => settle(false));
        // Closed by the server before 'ready' (a cap reached by a racing handshake).
        socket.once('close', () => settle(false));
        socket.on('message', (data) => {
          const event = JSON.parse(String(data)) as { type: string };
          if (event.type === 'ready') settle(true);
          else if (event.type === 'message') delivered += 1;
        });
      });

    let n = 0;
    const post = async () => {
      const res = await fetch(`${flock.url}/api/pastor/conversations/${peer.id}/messages`, {
        method: 'POST',
        headers: { cookie: attacker.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `${n++} ${'€'.repeat(3990)}` }),
      });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 1) };
    };
    const tally = () => ({ sent: 0, refused: 0, other: 0 });
    const count = (t: ReturnType<typeof tally>, status: number) => {
      if (status === 201) t.sent += 1;
      else if (status === 429) t.refused += 1;
      else t.other += 1;
    };

    // Warm up, then the unloaded figure.
    for (let i = 0; i < WARM_UP; i++) await history();
    const unloadedBefore = await phase();

    // Within the limits: the sockets the cap allows, and messages at the pace the limits allow.
    const within = tally();
    const withinDelivered = { before: delivered };
    let held = 0;
    const flooded = await phase(async (over) => {
      for (let i = 0; i < HELD_SOCKETS; i++) if (await openSocket()) held += 1;
      while (!over()) {
        const { status, retryAfter } = await post();
        count(within, status);
        if (status === 429) {
          // As Retry-After says, or until the phase ends.
          const until = performance.now() + retryAfter * 1000;
          while (!over() && performance.now() < until) await sleep(100);
        }
      }
    });
    const withinDeliveries = delivered - withinDelivered.before;

    // The attack as it was written: 1,000 sockets of one pastor (50 at a time) and 100
    // messages of 4,000 '€' (4 at a time), whatever the answers; the member reads on for the
    // rest of the phase, as the slowdown once outlasted the attack.
    const written = tally();
    let writtenAccepted = 0;
    let writtenSeconds = 0;
    const asWritten = await phase(async () => {
      const started = performance.now();
      await Promise.all([
        pool(
          Array.from({ length: SOCKETS }, (_, i) => i),
          50,
          async () => {
            if (await openSocket()) writtenAccepted += 1;
          },
        ),
        pool(
          Array.from({ length: 100 }, (_, i) => i),
          4,
          async () => count(written, (await post()).status),
        ),
      ]);
      writtenSeconds = (performance.now() - started) / 1000;
    });
    for (const socket of sockets.splice(HELD_SOCKETS)) socket.terminate();

    // Beyond the limits: 1,000 more sockets and messages whatever the answer.
    const beyond = tally();
    let socketsAccepted = 0;
    let socketsRefused = 0;
    const hammered = await phase(async (over) => {
      await Promise.all([
        pool(
          Array.from({ length: SOCKETS }, (_, i) => i),
          50,
          async () => {
            if (over()) return;
            if (await openSocket()) socketsAccepted += 1;
            else socketsRefused += 1;
          },
        ),
        pool(
          Array.from({ length: 4 }, (_, i) => i),
          4,
          async () => {
            while (!over()) count(beyond, (await post()).status);
          },
        ),
      ]);
    });

    for (const socket of sockets.splice(0)) socket.terminate();
    await sleep(1000);
    // For comparison: the same client sending an allowed request (/api/me) as fast, 4 at a time.
    let plain = 0;
    const plainLoad = await phase(async (over) => {
      await pool([0, 1, 2, 3], 4, async () => {
        while (!over()) {
          const res = await fetch(`${flock.url}/api/me`, { headers: { cookie: attacker.cookie } });
          await res.arrayBuffer();
          plain += 1;
        }
      });
    });
    const unloadedAfter = await phase();
    const unloaded = [...unloadedBefore, ...unloadedAfter];

    const p99 = percentile(unloaded, 99);
    const withinRatio = percentile(flooded, 99) / p99;
    const beyondRatio = percentile(hammered, 99) / p99;
    const writtenRatio = percentile(asWritten, 99) / p99;
    const plainRatio = percentile(plainLoad, 99) / p99;
    const seconds = PHASE_MS / 1000;
    const figures = (label: string, latencies: number[]): BenchRow[] => [
      {
        measure: `${label}: /api/history reads`,
        value: latencies.length,
        unit: '',
        baseline: unloaded.length,
      },
      {
        measure: `${label}: /api/history p50`,
        value: round(percentile(latencies, 50), 1),
        unit: 'ms',
        baseline: round(percentile(unloaded, 50), 1),
      },
      {
        measure: `${label}: /api/history p99`,
        value: round(percentile(latencies, 99), 1),
        unit: 'ms',
        baseline: round(p99, 1),
      },
      {
        measure: `${label}: /api/history max`,
        value: round(Math.max(...latencies), 1),
        unit: 'ms',
        baseline: round(Math.max(...unloaded), 1),
      },
    ];
    return [
      { measure: `phase length`, value: seconds, unit: 's' },
      {
        measure: 'unloaded before: /api/history p99',
        value: round(percentile(unloadedBefore, 99), 1),
        unit: 'ms',
      },
      {
        measure: 'unloaded after: /api/history p99',
        value: round(percentile(unloadedAfter, 99), 1),
        unit: 'ms',
      },
      { measure: 'within limits: sockets held (one pastor)', value: held, unit: '' },
      { measure: 'within limits: messages sent (4,000 €)', value: within.sent, unit: '' },
      { measure: 'within limits: 429s (then waited)', value: within.refused, unit: '' },
      {
        measure: 'within limits: deliveries to the sockets',
        value: withinDeliveries,
        unit: '',
        baseline: within.sent * held,
      },
      ...figures('within limits', flooded),
      {
        measure: 'within limits: p99 ÷ unloaded p99',
        value: round(withinRatio, 2),
        unit: '×',
        goal: '≤ 2',
        ok: withinRatio <= 2,
      },
      {
        measure: "the issue's attack: sockets accepted of 1,000",
        value: writtenAccepted,
        unit: '',
      },
      { measure: "the issue's attack: messages sent (201) of 100", value: written.sent, unit: '' },
      { measure: "the issue's attack: messages refused (429)", value: written.refused, unit: '' },
      { measure: "the issue's attack: lasted", value: round(writtenSeconds, 1), unit: 's' },
      ...figures("the issue's attack", asWritten),
      {
        measure: "the issue's attack: p99 ÷ unloaded p99",
        value: round(writtenRatio, 2),
        unit: '×',
        goal: '≤ 2',
        ok: writtenRatio <= 2,
      },
      { measure: `beyond: socket attempts`, value: socketsAccepted + socketsRefused, unit: '' },
      { measure: 'beyond: sockets accepted', value: socketsAccepted, unit: '' },
      { measure: 'beyond: messages sent (201)', value: beyond.sent, unit: '' },
      { measure: 'beyond: messages refused (429)', value: beyond.refused, unit: '' },
      { measure: 'beyond: other answers', value: beyond.other, unit: '' },
      ...figures('beyond', hammered),
      {
        measure: 'beyond: p99 ÷ unloaded p99',
        value: round(beyondRatio, 2),
        unit: '×',
      },
      { measure: 'allowed /api/me, 4 at a time: requests', value: plain, unit: '' },
      ...figures('allowed /api/me, 4 at a time', plainLoad),
      {
        measure: 'allowed /api/me, 4 at a time: p99 ÷ unloaded p99',
        value: round(plainRatio, 2),
        unit: '×',
      },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await flock.stop();
    await db.drop();
  }
}

await runIfMain(import.meta.url, socketFlood);
