import { runMix } from './mixed-load.bench.ts';
import { freshDatabase, seedGifts, seedMembers, startFlock, type Member } from './server-harness.ts';
let members: Member[] = [];
const db = await freshDatabase((process.env.EXP_DB ?? 'pglite') as 'pglite', async (database) => {
  members = await seedMembers(database, 200, 'mixed');
  for (const m of members) await seedGifts(database, m.id, 60);
});
const flock = await startFlock({ dataDir: db.dataDir, ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}), env: JSON.parse(process.env.EXP_ENV ?? '{}') });
await new Promise((r) => setTimeout(r, 3000));
const idle = flock.rssMiB();
await runMix(flock.url, members.slice(0, 20), 3);
const o = await runMix(flock.url, members, Number(process.env.SECS ?? 30));
const sorted = [...o.latencies].sort((a, b) => a - b);
await new Promise((r) => setTimeout(r, 2000));
console.log(process.env.BENCH_NODE_FLAGS, '| idle', idle, '| n', o.latencies.length, 'p99', Math.round(sorted[Math.floor(sorted.length * 0.99)]!), 'slowest', Math.round(o.slowest), 'errors', o.errors, '| after', flock.rssMiB(), 'peak', flock.peakMiB());
await flock.stop();
await db.drop();
