// Start and memory, embedded database (issue 16 #6): start to ready on a fresh data
// directory and again on the existing data (a restart), the peak RSS during each start
// (VmHWM), idle RSS 5 s after ready; beside bare node:http's start. Goals: idle ≤ 350 MiB,
// peak during start ≤ 512 MiB, restart ≤ 2 s. (RSS after the 200-member load: mixed-load.)
// Then `npm start` itself, as the README runs it (issue 46): ≤ 10 s on an empty data
// directory, ≤ 3 s on a restart, its largest process ≤ 350 MiB.
//   npm run bench -- start-memory
import fs from 'node:fs';
import type { BenchRow } from './report.ts';
import { round, startBaseline, startFlock, startWithNpm, tempDir } from './server-harness.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default async function startMemory(): Promise<BenchRow[]> {
  const dataDir = tempDir('start');
  try {
    const fresh = await startFlock({ dataDir });
    await sleep(5000);
    const freshFigures = { ready: fresh.readyMs, peak: fresh.peakMiB(), idle: fresh.rssMiB() };
    await fresh.stop();

    const restarts = [];
    for (let i = 0; i < 3; i++) {
      const again = await startFlock({ dataDir });
      const peakAtReady = again.peakMiB();
      await sleep(5000);
      restarts.push({
        ready: again.readyMs,
        peak: Math.max(peakAtReady, again.peakMiB()),
        idle: again.rssMiB(),
      });
      await again.stop();
    }
    const bare = await startBaseline('http');
    await bare.stop();

    const npmDir = tempDir('npm-start');
    const npmStarts = [];
    try {
      for (let i = 0; i < 4; i++) {
        const started = await startWithNpm({ dataDir: npmDir });
        await started.stop();
        npmStarts.push(started);
      }
    } finally {
      fs.rmSync(npmDir, { recursive: true, force: true });
    }
    const [npmFirst, ...npmRestarts] = npmStarts;
    const median = <T>(items: T[], key: (t: T) => number) =>
      items.map(key).sort((a, b) => a - b)[Math.floor(items.length / 2)]!;
    const restartMs = median(restarts, (r) => r.ready);
    const peak = Math.max(...restarts.map((r) => r.peak));
    const idle = median(restarts, (r) => r.idle);
    return [
      {
        measure: 'start to ready, fresh data',
        value: round(freshFigures.ready),
        unit: 'ms',
        baseline: round(bare.readyMs),
      },
      {
        measure: 'start to ready, restart (median of 3)',
        value: round(restartMs),
        unit: 'ms',
        goal: '≤ 2000',
        ok: restartMs <= 2000,
        baseline: round(bare.readyMs),
      },
      {
        measure: 'peak RSS during a restart',
        value: peak,
        unit: 'MiB',
        goal: '≤ 512',
        ok: peak <= 512,
      },
      {
        measure: 'peak RSS during the first start',
        value: freshFigures.peak,
        unit: 'MiB',
        goal: '≤ 512',
        ok: freshFigures.peak <= 512,
      },
      {
        measure: 'idle RSS after a restart',
        value: idle,
        unit: 'MiB',
        goal: '≤ 350',
        ok: idle <= 350,
      },
      { measure: 'idle RSS after the first start', value: freshFigures.idle, unit: 'MiB' },
      {
        measure: '`npm start` to ready, empty data directory',
        value: round(npmFirst!.readyMs),
        unit: 'ms',
        goal: '≤ 10000',
        ok: npmFirst!.readyMs <= 10_000,
      },
      {
        measure: '`npm start` to ready, restart (median of 3)',
        value: round(median(npmRestarts, (r) => r.readyMs)),
        unit: 'ms',
        goal: '≤ 3000',
        ok: median(npmRestarts, (r) => r.readyMs) <= 3000,
      },
      {
        measure: '`npm start`: largest process peak RSS (any start)',
        value: Math.max(...npmStarts.map((r) => r.peakProcessMiB)),
        unit: 'MiB',
        goal: '≤ 350',
        ok: Math.max(...npmStarts.map((r) => r.peakProcessMiB)) <= 350,
      },
      {
        measure: '`npm start`: the processes together, peak RSS (any start)',
        value: Math.max(...npmStarts.map((r) => r.peakSumMiB)),
        unit: 'MiB',
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.table(await startMemory());
