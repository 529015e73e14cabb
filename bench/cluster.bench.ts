// The cluster (issue 36, decision 048): throughput of 1, 2 and 3 instances behind HAProxy and
// PgBouncer on one PostgreSQL server, under the member mix of the kill-under-load test (200
// members going round the screens, each giving and replying once), and what each request
// costs in CPU: the instances', and the proxy's and pooler's beside them.
//
// Honestly: this machine has 2 cores, shared by the load, the proxy, the pooler, PostgreSQL
// and the instances. More instances than cores cannot add throughput here; what a core buys
// on a bigger machine is read from the CPU per request (a core gives 1 s of CPU per second).
//   npm run bench -- cluster
import fs from 'node:fs';
import http from 'node:http';
import type { BenchRow } from './report.ts';
import { procCpuMs, round } from './server-harness.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { startCluster } from '../src/server/testing/cluster.ts';
import { runMemberLoad, send, withAddresses } from '../src/server/testing/member-load.ts';
import { seedMembers } from '../src/server/testing/seed-members.ts';

const MEMBERS = 200;

/** The whole machine's busy and total CPU time so far, ms (/proc/stat's first line). */
function machineCpuMs() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = fields.slice(1).map(Number);
  const idle = ticks[3]! + ticks[4]!; // idle and iowait
  const total = ticks.reduce((sum, n) => sum + n, 0);
  return { busy: ((total - idle) * 1000) / 100, total: (total * 1000) / 100 };
}
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 20);

async function measure(instances: number): Promise<BenchRow[]> {
  const cluster = await startCluster({ instances, pgbouncer: true });
  const database = await openPostgres(cluster.databaseUrl);
  try {
    const members = withAddresses(
      await seedMembers(database, MEMBERS, 'cluster', cluster.authSecret),
      1,
    );
    const [admin] = withAddresses(await seedMembers(database, 1, 'admin', cluster.authSecret), 2);
    await database.query('insert into admins (user_id) values ($1)', [admin!.id]);
    const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);
    const agent = new http.Agent();
    const made = await send(agent, new URL(cluster.url), admin!, 'POST', '/api/admin/events', {
      type: 'application/json',
      bytes: JSON.stringify({
        title: 'Bench night',
        startsAt: at(7 * 86_400_000),
        endsAt: at(7 * 86_400_000 + 3_600_000),
        place: 'Grace Assembly',
      }),
    });
    agent.destroy();
    if (made.status !== 201) throw new Error(`the event was not made: ${made.body}`);
    const eventId = (JSON.parse(made.body) as { id: string }).id;

    // Warm-up (every instance compiles and fills its caches), then the measured run.
    await runMemberLoad(cluster.url, members.slice(0, 20), { seconds: 3, eventId });
    const pids = cluster.instances.map((instance) => instance.process()!.pid!);
    const helpers = [cluster.haproxy.pid, cluster.pgbouncer!.pid];
    const cpu = (list: number[]) => list.reduce((sum, pid) => sum + procCpuMs(pid), 0);
    const before = { app: cpu(pids), helpers: cpu(helpers), machine: machineCpuMs() };
    const { samples } = await runMemberLoad(cluster.url, members, { seconds: SECONDS, eventId });
    const appMs = cpu(pids) - before.app;
    const helperMs = cpu(helpers) - before.helpers;
    const machineBusyMs = machineCpuMs().busy - before.machine.busy;

    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    const p99 = sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
    const errors = samples.filter((s) => s.status < 200 || s.status >= 300).length;
    const label = `${instances} instance${instances === 1 ? '' : 's'}`;
    return [
      { measure: `${label}: throughput`, value: round(samples.length / SECONDS), unit: 'req/s' },
      { measure: `${label}: p99`, value: round(p99), unit: 'ms' },
      { measure: `${label}: errors`, value: errors, unit: '', goal: '0', ok: errors === 0 },
      {
        measure: `${label}: instances' CPU per request`,
        value: round((appMs * 1000) / samples.length),
        unit: 'µs',
      },
      {
        measure: `${label}: HAProxy + PgBouncer CPU per request`,
        value: round((helperMs * 1000) / samples.length),
        unit: 'µs',
      },
      {
        measure: `${label}: instances' CPU used`,
        value: round(appMs / 1000 / SECONDS, 2),
        unit: 'cores',
      },
      {
        // Load generator, proxy, pooler, PostgreSQL and instances together: 2 = all of it here.
        measure: `${label}: the machine's CPU used`,
        value: round(machineBusyMs / 1000 / SECONDS, 2),
        unit: 'cores',
      },
    ];
  } finally {
    await database.close();
    await cluster.stop();
  }
}

export default async function clusterBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const instances of [1, 2, 3]) rows.push(...(await measure(instances)));
  return rows;
}

if (import.meta.main) console.table(await clusterBench());
