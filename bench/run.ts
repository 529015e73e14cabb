// `npm run bench`: runs every benchmark in bench/ (each `*.bench.ts` exports a default async
// function returning rows), prints each figure beside its goal and writes
// bench/results/<name>.json with the machine, the date and the figures.
//   npm run bench                  every benchmark
//   npm run bench -- lighthouse    those whose file name contains a word
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { printRows, writeResult, type BenchRow } from './report.ts';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((word) => file.includes(word)))
  .sort();

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
  printRows(rows);
  writeResult(name, rows, (Date.now() - started) / 1000);
}
process.exit(failed > 0 ? 1 : 0);
