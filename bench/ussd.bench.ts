// USSD (issue 32): 1,000 sessions at once walking the give menu through the Africa's Talking
// contract (start, Give, Tithe, amount, name, assembly, confirm: 7 screens each, a caller's
// 2–4 s between them: USSD_THINK_MS), against the
// real server on each database, with /api/health read through the same run (and before it,
// unloaded). Goals: p99 per screen ≤ 300 ms embedded, ≤ 100 ms PostgreSQL, 0 errors.
//
//   npm run bench -- ussd
//   USSD_SESSIONS=200 ./node_modules/.bin/node bench/ussd.bench.ts      (smaller, on its own)
//
// Bounded: every request times out after 10 s; the sessions start within 4 s (USSD_START_MS). Each session
// dials from its own number, so the gifts are 1,000 pending mobile-money gifts in test mode.
import { runIfMain, type BenchRow } from './report.ts';
import { freshDatabase, postgresReachable, round, startFlock } from './server-harness.ts';

const SESSIONS = Number(process.env.USSD_SESSIONS ?? 1_000);
/**
 * A caller reads each screen and types before the next request (and the gateway's own round
 * trip adds more): 2–4 s between screens by default. USSD_THINK_MS=0 sends each step at once,
 * a closed loop of 1,000 that measures throughput rather than what a caller waits.
 */
const THINK_MS = Number(process.env.USSD_THINK_MS ?? 2_000);
/** The dials arrive within this (USSD_START_MS): 1,000 dials inside 1 s read p99 1.1 s. */
const START_SPREAD_MS = Number(process.env.USSD_START_MS ?? 4_000);
const STEPS = ['', '1', '1', '25', 'Ama Mensah', '1', '1'];
const GATEWAY_SECRET = 'the-bench-gateway-secret';

const SCREENS = ['main menu', 'give: type', 'amount', 'name', 'assembly', 'confirm', 'end'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function timed(
  url: string,
  init?: RequestInit,
): Promise<{ ms: number; ok: boolean; body: string }> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    return { ms: performance.now() - started, ok: res.ok, body };
  } catch {
    return { ms: performance.now() - started, ok: false, body: '' };
  }
}

async function healthSamples(url: string, count: number) {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    samples.push((await timed(`${url}/api/health`)).ms);
    await new Promise((r) => setTimeout(r, 20));
  }
  return samples;
}

async function walk(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const database = await freshDatabase(kind, async () => {});
  // Production answers only a gateway it was told of, with its guard (decision 052).
  const server = await startFlock({
    dataDir: database.dataDir,
    ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
    env: { USSD_GATEWAYS: 'africastalking', USSD_SECRET: GATEWAY_SECRET },
  });
  try {
    const unloaded = await healthSamples(server.url, 100);
    const perScreen: number[][] = SCREENS.map(() => []);
    let errors = 0;
    let running = true;
    const loaded: number[] = [];
    const healthLoop = (async () => {
      while (running) {
        loaded.push((await timed(`${server.url}/api/health`)).ms);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const sessions = Array.from({ length: SESSIONS }, async (_, i) => {
      await new Promise((r) => setTimeout(r, Math.random() * START_SPREAD_MS));
      const phone = `+23324${String(1_000_000 + i).slice(-7)}`;
      const sessionId = `bench-${kind}-${i}`;
      for (let step = 0; step < STEPS.length; step++) {
        if (step > 0 && THINK_MS > 0) {
          await new Promise((r) => setTimeout(r, THINK_MS + Math.random() * THINK_MS));
        }
        const text = STEPS.slice(1, step + 1).join('*');
        const res = await timed(`${server.url}/api/ussd/africastalking`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-ussd-secret': GATEWAY_SECRET,
          },
          body: new URLSearchParams({ sessionId, phoneNumber: phone, networkCode: '62001', text }),
        });
        perScreen[step]!.push(res.ms);
        const expected = step === STEPS.length - 1 ? 'END ' : 'CON ';
        if (!res.ok || !res.body.startsWith(expected)) {
          errors++;
          return;
        }
      }
    });
    await Promise.all(sessions);
    running = false;
    await healthLoop;
    const goal = kind === 'pglite' ? 300 : 100;
    const label = kind === 'pglite' ? 'embedded' : 'PostgreSQL';
    return [
      ...SCREENS.map((screen, i) => {
        const p99 = round(percentile(perScreen[i]!, 99));
        return {
          measure: `USSD ${label}, ${SESSIONS} sessions (${THINK_MS / 1000}–${(2 * THINK_MS) / 1000} s a screen): p99 ${screen}`,
          value: p99,
          unit: 'ms',
          goal: `≤ ${goal}`,
          ok: p99 <= goal,
        };
      }),
      {
        measure: `USSD ${label}: p50 of every screen`,
        value: round(percentile(perScreen.flat(), 50)),
        unit: 'ms',
      },
      {
        measure: `USSD ${label}: errors (of ${SESSIONS * STEPS.length} requests)`,
        value: errors,
        unit: 'count',
        goal: '0',
        ok: errors === 0,
      },
      {
        measure: `USSD ${label}: /api/health p99 during the run`,
        value: round(percentile(loaded, 99)),
        unit: 'ms',
        baseline: round(percentile(unloaded, 99)),
      },
    ];
  } finally {
    await server.stop();
    await database.drop();
  }
}

export default async function ussdBench(): Promise<BenchRow[]> {
  const rows = await walk('pglite');
  if (await postgresReachable()) rows.push(...(await walk('postgres')));
  else console.log('PostgreSQL not reachable: the PostgreSQL figures are left out.');
  return rows;
}

await runIfMain(import.meta.url, ussdBench);
