// `npm run bench`: runs every benchmark in bench/ (each `*.bench.ts` exports a default async
// function returning rows), prints each figure beside its goal and writes
// bench/results/<name>.json with the machine, the date and the figures.
//   npm run bench                  every benchmark
//   npm run bench -- lighthouse    those whose file name contains a word
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface BenchRow {
  measure: string;
  value: number;
  unit: string;
  /** Readable goal, e.g. '≤ 100'. */
  goal?: string;
  /** A figure measured in the same run to compare with. */
  baseline?: number;
  ok?: boolean;
}

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((word) => file.includes(word)))
  .sort();

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
};

let failed = 0;
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let rows: BenchRow[];
  try {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default: () => Promise<BenchRow[]>;
    };
    rows = await module.default();
  } catch (error) {
    failed += 1;
    console.error(`${name} did not complete:`, error);
    continue;
  }
  const width = Math.max(...rows.map((r) => r.measure.length), 7);
  console.log(
    `${'measure'.padEnd(width)}  ${'value'.padStart(8)}  ${'unit'.padEnd(6)}  goal        ok`,
  );
  for (const r of rows) {
    const ok = r.ok === undefined ? '' : r.ok ? 'yes' : 'NO';
    const baseline = r.baseline === undefined ? '' : `  (baseline ${r.baseline})`;
    console.log(
      `${r.measure.padEnd(width)}  ${String(r.value).padStart(8)}  ${r.unit.padEnd(6)}  ${(r.goal ?? '').padEnd(10)}  ${ok}${baseline}`,
    );
  }
  const out = path.join(dir, 'results', `${name}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const seconds = (Date.now() - started) / 1000;
  const result = { name, measuredAt: new Date().toISOString(), seconds, machine, rows };
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  console.log(`written to ${path.relative(process.cwd(), out)}`);
}
process.exit(failed > 0 ? 1 : 0);
