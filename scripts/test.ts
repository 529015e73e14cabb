// `npm test`: every suite — unit and HTTP integration (Vitest), the cluster under load (with
// TEST_DATABASE_URL) and the browser flows (Playwright in Chromium). A skipped or empty suite
// fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const reports = path.join(root, '.tmp');
fs.mkdirSync(reports, { recursive: true });

function step(title: string, command: string, args: string[]) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const problems: string[] = [];
/** Each failed test and the start of its message, printed again last (CI shows the tail). */
const failures: string[] = [];

const firstLines = (text: string, lines = 20) =>
  stripVTControlCharacters(text)
    .split('\n')
    .slice(0, lines)
    .map((line) => `    ${line}`)
    .join('\n');

/** A Vitest run whose JSON report is added to the totals. */
function vitestStep(title: string, name: string, args: string[]) {
  const report = path.join(reports, `${name}.json`);
  fs.rmSync(report, { force: true });
  const status = step(title, bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) problems.push(`${title}: ran no test.`);
    if (r.numPendingTests + r.numTodoTests > 0) problems.push(`${title}: skipped tests.`);
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      // A file that failed outside its tests (a hook, an import) has no failed assertion.
      if (
        file.status === 'failed' &&
        !file.assertionResults?.some((a: { status: string }) => a.status === 'failed')
      ) {
        failures.push(`${where}\n${firstLines(file.message ?? '')}`);
      }
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        failures.push(
          `${where} › ${test.fullName}\n${firstLines(test.failureMessages.join('\n'))}`,
        );
      }
    }
  } else {
    problems.push(`${title}: wrote no report.`);
  }
  if (status !== 0) problems.push(`${title}: failed.`);
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

/** A browser test that failed on every try ('unexpected'; a pass on retry is 'flaky'). */
function collectPlaywrightFailures(suites: PlaywrightSuite[]) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const message = test.results.map((result) => result.error?.message ?? '').join('\n');
        failures.push(`${spec.file}:${spec.line} › ${spec.title}\n${firstLines(message)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? []);
  }
}

// 1. Vitest
vitestStep('Unit and integration tests (Vitest)', 'vitest', []);

// 2. Several instances behind HAProxy and PgBouncer, one killed under load (decision 048):
// alone on the machine (it loads every core for a minute), on PostgreSQL, which several
// instances share (the embedded database belongs to one process).
if (process.env.TEST_DATABASE_URL) {
  vitestStep('The cluster under load (Vitest)', 'vitest-cluster', [
    '--config',
    'vitest.cluster.config.ts',
  ]);
} else {
  console.log(
    '\n=== The cluster under load: needs PostgreSQL, runs with TEST_DATABASE_URL (as CI does) ===',
  );
}

// 3. Playwright (browser flows)
let e2eStatus = step('Chromium check', process.execPath, [
  path.join(root, 'scripts/ensure-chromium.ts'),
]);
if (e2eStatus !== 0) {
  problems.push('No Chromium for the browser suite.');
} else {
  const e2eReport = path.join(reports, 'playwright.json');
  fs.rmSync(e2eReport, { force: true });
  e2eStatus = step('Browser tests (Playwright, Chromium)', bin('playwright'), ['test']);
  if (fs.existsSync(e2eReport)) {
    const r = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
    const s = r.stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (s.expected + s.unexpected + s.flaky === 0) problems.push('The browser suite ran no test.');
    if (s.skipped > 0) problems.push('The browser suite skipped tests.');
    collectPlaywrightFailures(r.suites ?? []);
  } else {
    problems.push('Playwright wrote no report.');
  }
  if (e2eStatus !== 0) problems.push('The browser suite failed.');
}

if (failures.length > 0) {
  console.log(`\n=== What failed (${failures.length}) ===`);
  for (const failure of failures.slice(0, 10)) console.log(`✗ ${failure}\n`);
}
console.log('');
for (const problem of problems) console.log(`✗ ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 ? 1 : 0);
