// HTTP overhead (issue 16 #6): GET /api/health on the real server (production defaults,
// embedded database) ÷ bare node:http answering the same JSON; 50 connections, 3 s runs,
// interleaved A B seven times, the ratio being the median of the rounds' ratios. Autocannon
// runs on one core and the servers on another (`pinning`). Goal ≥ 0.8.
// And what logging costs (issue 16 #4: ≤ 5 %): the same server at its default level (info:
// errors, redirects, slow answers) ÷ with LOG_LEVEL=silent, interleaved the same way. And
// where the gap is: Fastify alone (same route, nothing of ours) ÷ node:http, and Flock ÷ it.
// Each comparison is also read by the servers' CPU per request (/proc/<pid>/stat), which does
// not depend on the client keeping up: the ceiling Fastify itself sets (decision 026).
//   npm run bench -- http-overhead
import type { BenchRow } from './report.ts';
import {
  interleaved,
  loadMeasuringCpu,
  pinLoad,
  startBaseline,
  startFlock,
  tempDir,
  type Running,
} from './server-harness.ts';

const ROUNDS = 7;
const SECONDS = 3;

export default async function httpOverhead(): Promise<BenchRow[]> {
  const dataDir = tempDir('health');
  const flock = await startFlock({ dataDir, pin: true });
  const bare = await startBaseline('http', {}, { pin: true });
  const fastify = await startBaseline('fastify', {}, { pin: true });
  const silent = await startFlock({
    dataDir: tempDir('health-silent'),
    env: { LOG_LEVEL: 'silent' },
    pin: true,
  });
  const loadCore = pinLoad();
  try {
    const run = (server: Running) => () =>
      loadMeasuringCpu(server, {
        url: `${server.url}/api/health`,
        connections: 50,
        duration: SECONDS,
      });
    await run(flock)(); // warm-up
    await run(bare)();
    const health = await interleaved(ROUNDS, run(flock), run(bare));
    const { a, b, ratio } = health;
    await run(silent)();
    const logging = await interleaved(ROUNDS, run(flock), run(silent));
    await run(fastify)();
    const framework = await interleaved(ROUNDS, run(fastify), run(bare));
    const ours = await interleaved(ROUNDS, run(flock), run(fastify));
    const rounds = (ratios: number[] = []) => ratios.map((r) => r.toFixed(2)).join(' ');
    console.log(`health ÷ node:http by round: ${rounds(health.ratios)}`);
    console.log(`  by CPU per request: ${rounds(health.cpuRatios)}`);
    console.log(`Fastify ÷ node:http by CPU per request: ${rounds(framework.cpuRatios)}`);
    console.log(`info ÷ silent by round: ${rounds(logging.ratios)}`);
    // A row; the CPU figures are optional in LoadFigures (a plain `load` has none).
    const figure = (
      measure: string,
      value: number | undefined,
      unit: string,
      baseline?: number,
    ) => ({
      measure,
      value: value ?? NaN,
      unit,
      ...(baseline === undefined ? {} : { baseline }),
    });
    return [
      { measure: 'GET /api/health', value: a.rps, unit: 'req/s', baseline: b.rps },
      { measure: 'GET /api/health p99', value: a.p99, unit: 'ms', baseline: b.p99 },
      { measure: 'health ÷ node:http', value: ratio, unit: '×', goal: '≥ 0.8', ok: ratio >= 0.8 },
      {
        measure: 'bare Fastify ÷ node:http',
        value: framework.ratio,
        unit: '×',
        baseline: framework.b.rps,
      },
      { measure: 'health ÷ bare Fastify', value: ours.ratio, unit: '×', baseline: ours.b.rps },
      figure('server CPU per request: Flock (node:http)', a.cpuUs, 'µs', b.cpuUs),
      figure('server CPU per request: Fastify alone', framework.a.cpuUs, 'µs'),
      figure('health ÷ node:http, by CPU per request', health.cpuRatio, '×'),
      figure('bare Fastify ÷ node:http, by CPU per request', framework.cpuRatio, '×'),
      figure('health ÷ bare Fastify, by CPU per request', ours.cpuRatio, '×'),
      {
        measure: 'errors',
        value: a.errors + a.timeouts,
        unit: '',
        goal: '0',
        ok: a.errors + a.timeouts === 0,
      },
      {
        measure: 'logging: info ÷ silent',
        value: logging.ratio,
        unit: '×',
        goal: '≥ 0.95',
        ok: logging.ratio >= 0.95,
        baseline: logging.b.rps,
      },
    ];
  } finally {
    loadCore.release();
    await flock.stop();
    await bare.stop();
    await fastify.stop();
    await silent.stop();
  }
}

if (import.meta.main) console.table(await httpOverhead());
