// What every benchmark returns, and how its figures are printed and kept: shared by
// `npm run bench` (run.ts) and a bench file run on its own (`node bench/<name>.bench.ts`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
};

/** Prints each figure beside its goal and same-run baseline. */
export function printRows(rows: BenchRow[]) {
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
}

/** Writes bench/results/<name>.json with the machine, the date and the figures. */
export function writeResult(name: string, rows: BenchRow[], seconds: number) {
  const out = path.join(import.meta.dirname, 'results', `${name}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const result = { name, measuredAt: new Date().toISOString(), seconds, machine, rows };
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  console.log(`written to ${path.relative(process.cwd(), out)}`);
}

/**
 * When the bench file `metaUrl` is the script being run: runs it, prints and writes its
 * figures, and exits 1 if a goal is missed.
 */
export async function runIfMain(metaUrl: string, bench: () => Promise<BenchRow[]>) {
  if (process.argv[1] !== fileURLToPath(metaUrl)) return;
  const started = Date.now();
  const rows = await bench();
  printRows(rows);
  writeResult(
    path.basename(fileURLToPath(metaUrl), '.bench.ts'),
    rows,
    (Date.now() - started) / 1000,
  );
  process.exit(rows.some((r) => r.ok === false) ? 1 : 0);
}
