// Data path (issue 16 #6): one history page for a member with 500 gifts, through the real
// server ÷ the same SQL through the driver alone (bench/baselines/history-sql.ts), 50
// connections, 5 s runs interleaved A B A B A B, on PostgreSQL and on PGlite. Goals: ≥ 0.8,
// p99 ≤ 100 ms on PostgreSQL.
//   npm run bench -- data-path
import fs from 'node:fs';
import http from 'node:http';
import type { BenchRow } from './report.ts';
import {
  freshDatabase,
  interleaved,
  load,
  postgresReachable,
  seedGifts,
  seedMembers,
  startBaseline,
  startFlock,
  tempDir,
  type Member,
} from './server-harness.ts';

const ROUNDS = 3;
const SECONDS = 5;
const GIFTS = 500;

async function onDatabase(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  let member!: Member;
  const db = await freshDatabase(kind, async (database) => {
    member = (await seedMembers(database, 1, 'history'))[0]!;
    await seedGifts(database, member.id, GIFTS);
  });
  // PGlite: one process per data directory, so the baseline reads its own copy.
  const baselineDir = tempDir('history-copy');
  if (kind === 'pglite') fs.cpSync(db.dataDir, baselineDir, { recursive: true });
  const flock = await startFlock({
    dataDir: db.dataDir,
    ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
  });
  const bare = await startBaseline('history-sql', {
    USER_ID: member.id,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : { DATA_DIR: baselineDir }),
  });
  try {
    const page = await fetch(`${flock.url}/api/history`, { headers: { cookie: member.cookie } });
    const body = (await page.json()) as { entries: unknown[] };
    if (body.entries.length !== 50)
      throw new Error(`expected a page of 50, got ${body.entries.length}`);
    // As a browser gets it: compressed (fetch would decompress, so count the raw bytes).
    const wireBytes = await new Promise<number>((resolve, reject) => {
      http
        .get(
          `${flock.url}/api/history`,
          { headers: { cookie: member.cookie, 'accept-encoding': 'br, gzip' } },
          (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => resolve(bytes));
          },
        )
        .on('error', reject);
    });
    const flockRun = () =>
      load({
        url: `${flock.url}/api/history`,
        connections: 50,
        duration: SECONDS,
        headers: { cookie: member.cookie },
      });
    const bareRun = () => load({ url: `${bare.url}/history`, connections: 50, duration: SECONDS });
    await flockRun();
    await bareRun();
    const { a, b, ratio } = await interleaved(ROUNDS, flockRun, bareRun);
    const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const rows: BenchRow[] = [
      { measure: `history page, ${name}`, value: a.rps, unit: 'req/s', baseline: b.rps },
      {
        measure: `history ÷ driver, ${name}`,
        value: ratio,
        unit: '×',
        goal: '≥ 0.8',
        ok: ratio >= 0.8,
      },
      { measure: `history p50, ${name}`, value: a.p50, unit: 'ms', baseline: b.p50 },
      {
        measure: `history p99, ${name}`,
        value: a.p99,
        unit: 'ms',
        baseline: b.p99,
        ...(kind === 'postgres' ? { goal: '≤ 100', ok: a.p99 <= 100 } : {}),
      },
      {
        measure: `errors, ${name}`,
        value: a.errors + a.timeouts,
        unit: '',
        goal: '0',
        ok: a.errors + a.timeouts === 0,
      },
    ];
    if (kind === 'pglite') {
      rows.push({
        measure: 'history page on the wire (brotli)',
        value: Math.round(wireBytes / 102.4) / 10,
        unit: 'KB',
        goal: '≤ 15',
        ok: wireBytes <= 15 * 1024,
      });
    }
    return rows;
  } finally {
    await flock.stop();
    await bare.stop();
    await db.drop();
    fs.rmSync(baselineDir, { recursive: true, force: true });
  }
}

export default async function dataPath(): Promise<BenchRow[]> {
  const rows = await onDatabase('pglite');
  if (await postgresReachable()) rows.push(...(await onDatabase('postgres')));
  else console.warn('PostgreSQL is not reachable (BENCH_DATABASE_URL): its rows are left out.');
  return rows;
}

if (import.meta.main) console.table(await dataPath());
