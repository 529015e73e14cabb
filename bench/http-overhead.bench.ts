// HTTP overhead (issue 16 #6): GET /api/health on the real server (production defaults,
// embedded database) ÷ bare node:http answering the same JSON; 50 connections, 5 s runs,
// interleaved A B five times (the ratio swings ±0.07 between runs on 2 cores). Goal ≥ 0.8.
// And what logging costs (issue 16 #4: ≤ 5 %): the same server at its default level (info:
// errors, redirects, slow answers) ÷ with LOG_LEVEL=silent, interleaved the same way. And
// where the gap is: Fastify alone (same route, nothing of ours) ÷ node:http, and Flock ÷ it.
//   npm run bench -- http-overhead
import type { BenchRow } from './report.ts';
import { interleaved, load, startBaseline, startFlock, tempDir } from './server-harness.ts';

const ROUNDS = 5;
const SECONDS = 5;

export default async function httpOverhead(): Promise<BenchRow[]> {
  const dataDir = tempDir('health');
  const flock = await startFlock({ dataDir });
  const bare = await startBaseline('http');
  const fastify = await startBaseline('fastify');
  const silent = await startFlock({
    dataDir: tempDir('health-silent'),
    env: { LOG_LEVEL: 'silent' },
  });
  try {
    const run = (url: string) => () =>
      load({ url: `${url}/api/health`, connections: 50, duration: SECONDS });
    await run(flock.url)(); // warm-up
    await run(bare.url)();
    const { a, b, ratio } = await interleaved(ROUNDS, run(flock.url), run(bare.url));
    await run(silent.url)();
    const logging = await interleaved(ROUNDS, run(flock.url), run(silent.url));
    await run(fastify.url)();
    const framework = await interleaved(ROUNDS, run(fastify.url), run(bare.url));
    const ours = await interleaved(ROUNDS, run(flock.url), run(fastify.url));
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
    await flock.stop();
    await bare.stop();
    await fastify.stop();
    await silent.stop();
  }
}

if (import.meta.main) console.table(await httpOverhead());
