// Signed-in overhead (issue 16 #6): GET /api/me as a member ÷ the same call as a guest, on
// the real server (embedded database), 50 connections, 5 s runs interleaved. Goal ≥ 0.6.
//   npm run bench -- signed-in
import type { BenchRow } from './report.ts';
import {
  freshDatabase,
  interleaved,
  load,
  seedMembers,
  startFlock,
  type Member,
} from './server-harness.ts';

const ROUNDS = 3;
const SECONDS = 5;

export default async function signedIn(): Promise<BenchRow[]> {
  let members: Member[] = [];
  const db = await freshDatabase('pglite', async (database) => {
    members = await seedMembers(database, 50, 'me');
  });
  const flock = await startFlock({ dataDir: db.dataDir });
  try {
    const me = await fetch(`${flock.url}/api/me`, { headers: { cookie: members[0]!.cookie } });
    if (!((await me.json()) as { user: unknown }).user)
      throw new Error('the seeded session is not accepted');
    // Each connection is its own member (50 sessions), as on a Sunday morning.
    let next = 0;
    const memberRun = () =>
      load({
        url: `${flock.url}/api/me`,
        connections: 50,
        duration: SECONDS,
        setupClient: (client) =>
          client.setHeaders({ cookie: members[next++ % members.length]!.cookie }),
      });
    const guestRun = () => load({ url: `${flock.url}/api/me`, connections: 50, duration: SECONDS });
    await memberRun();
    await guestRun();
    const { a, b, ratio } = await interleaved(ROUNDS, memberRun, guestRun);
    return [
      { measure: 'GET /api/me, member', value: a.rps, unit: 'req/s', baseline: b.rps },
      { measure: 'member ÷ guest', value: ratio, unit: '×', goal: '≥ 0.6', ok: ratio >= 0.6 },
      { measure: 'member p99', value: a.p99, unit: 'ms', baseline: b.p99 },
      {
        measure: 'errors',
        value: a.errors + a.timeouts,
        unit: '',
        goal: '0',
        ok: a.errors + a.timeouts === 0,
      },
    ];
  } finally {
    await flock.stop();
    await db.drop();
  }
}

if (import.meta.main) console.table(await signedIn());
