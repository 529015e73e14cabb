// `npm test`: every suite once, and again on PostgreSQL what can differ by database
// (decision 049):
//   1. unit and HTTP integration tests (Vitest) on embedded PGlite, every file;
//   2. with TEST_DATABASE_URL: the server's Vitest files again on PostgreSQL (queries,
//      transactions, locks, migrations, the authorisation matrix, the fuzzing);
//   3. with TEST_DATABASE_URL: the cluster under load (several instances share PostgreSQL);
//   4. the browser flows (Playwright in Chromium), on PostgreSQL when TEST_DATABASE_URL is set,
//      else on embedded PGlite.
// A skipped or empty suite fails the run. It ends with a timing table and, last (CI shows the
// tail), each failed test with the start of its message.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureMessages } from './ensure-messages.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const reports = path.join(root, '.tmp');
fs.mkdirSync(reports, { recursive: true });
const postgresUrl = process.env.TEST_DATABASE_URL;

type DatabaseName = 'embedded' | 'PostgreSQL' | 'none';

const steps: { title: string; seconds: number; status: string }[] = [];
const testsPerDatabase = new Map<DatabaseName, number>();
const fileTimes: { file: string; where: string; seconds: number }[] = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems: string[] = [];
/** Each failed test and the start of its message, printed again last (CI shows the tail). */
const failures: string[] = [];

function timed<T>(title: string, run: () => T, statusOf: (result: T) => string): T {
  const started = performance.now();
  const result = run();
  steps.push({ title, seconds: (performance.now() - started) / 1000, status: statusOf(result) });
  return result;
}

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  console.log(`\n=== ${title} ===`);
  return timed(
    title,
    () => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1,
    (status) => (status === 0 ? 'ok' : 'FAILED'),
  );
}

const firstLines = (text: string, lines = 20) =>
  stripVTControlCharacters(text)
    .split('\n')
    .slice(0, lines)
    .map((line) => `    ${line}`)
    .join('\n');

const count = (database: DatabaseName, tests: number) =>
  testsPerDatabase.set(database, (testsPerDatabase.get(database) ?? 0) + tests);

/** The environment of a step on `database`: TEST_DATABASE_URL only for PostgreSQL. */
function envFor(database: DatabaseName): NodeJS.ProcessEnv {
  const { TEST_DATABASE_URL: _, ...env } = process.env;
  return database === 'PostgreSQL' ? { ...env, TEST_DATABASE_URL: postgresUrl } : env;
}

/** A Vitest run whose JSON report is added to the totals. */
function vitestStep(title: string, name: string, database: DatabaseName, args: string[]) {
  const report = path.join(reports, `${name}.json`);
  fs.rmSync(report, { force: true });
  const status = step(
    title,
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    envFor(database),
  );
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) problems.push(`${title}: ran no test.`);
    if (r.numPendingTests + r.numTodoTests > 0) problems.push(`${title}: skipped tests.`);
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      // Files without a database (pure rules, the web's tables) count as 'none'.
      const usesDatabase = where.startsWith('src/server/') || where.startsWith('tests/');
      count(usesDatabase ? database : 'none', file.assertionResults?.length ?? 0);
      fileTimes.push({
        file: where,
        where: `Vitest, ${usesDatabase ? database : 'no database'}`,
        seconds: (file.endTime - file.startTime) / 1000,
      });
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
    tests: { status: string; results: { duration: number; error?: { message?: string } }[] }[];
  }[];
}

/** Each browser test that failed or was flaky, and each file's time. */
function readPlaywright(
  suites: PlaywrightSuite[],
  database: DatabaseName,
  times: Map<string, number>,
) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const file = `tests/e2e/${spec.file}`;
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        times.set(file, (times.get(file) ?? 0) + ms / 1000);
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const message = test.results.map((result) => result.error?.message ?? '').join('\n');
        failures.push(
          `${file}:${spec.line} › ${spec.title}${test.status === 'flaky' ? ' (flaky)' : ''}\n${firstLines(message)}`,
        );
      }
    }
    readPlaywright(suite.suites ?? [], database, times);
  }
}

function playwrightStep(database: DatabaseName) {
  const title = `Browser tests (Playwright, Chromium, ${database})`;
  const chromium = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-chromium.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (chromium.status !== 0) {
    problems.push('No Chromium for the browser suite.');
    return;
  }
  const report = path.join(reports, 'playwright.json');
  fs.rmSync(report, { force: true });
  const status = step(title, bin('playwright'), ['test'], envFor(database));
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    const s = r.stats;
    totals.passed += s.expected;
    totals.failed += s.unexpected + s.flaky;
    totals.skipped += s.skipped;
    count(database, s.expected + s.unexpected + s.flaky);
    if (s.expected + s.unexpected + s.flaky === 0) problems.push('The browser suite ran no test.');
    if (s.skipped > 0) problems.push('The browser suite skipped tests.');
    if (s.flaky > 0) problems.push('The browser suite has flaky tests.');
    const times = new Map<string, number>();
    readPlaywright(r.suites ?? [], database, times);
    for (const [file, seconds] of times) {
      fileTimes.push({ file, where: `browser, ${database}`, seconds });
    }
  } else {
    problems.push('Playwright wrote no report.');
  }
  if (status !== 0) problems.push('The browser suite failed.');
}

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

function printTimingTable() {
  console.log('\n=== Timing ===');
  const width = Math.max(...steps.map((s) => s.title.length));
  for (const s of steps)
    console.log(`${s.title.padEnd(width)}  ${minutes(s.seconds).padStart(6)}  ${s.status}`);
  const total = steps.reduce((sum, s) => sum + s.seconds, 0);
  console.log(`${'npm test'.padEnd(width)}  ${minutes(total).padStart(6)}`);
  console.log('\nThe ten slowest test files:');
  for (const f of [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`${f.seconds.toFixed(1).padStart(7)} s  ${f.file} (${f.where})`);
  }
  console.log('\nTests per database:');
  for (const [database, tests] of testsPerDatabase) {
    console.log(`  ${database === 'none' ? 'no database' : database}: ${tests}`);
  }
}

// 0. The message catalogue, compiled only when it changed.
timed('Message catalogue', ensureMessages, (compiled) => (compiled ? 'compiled' : 'up to date'));

// 1. Vitest on the embedded database, every file.
vitestStep('Unit and integration tests (Vitest, embedded)', 'vitest', 'embedded', []);

/**
 * Server files whose result cannot differ by database, run once (on the embedded database):
 * each with why (decision 060). Everything else under src/server runs on both.
 */
const onceOnly: Record<string, string> = {
  'src/server/main.test.ts': 'npm start on the embedded data directory, whatever the run uses',
  'src/server/db/embedded.test.ts': 'the embedded template itself',
  'src/server/db/data-dir-lock.test.ts': "the embedded data directory's lock",
  'src/server/fast-resolve.test.ts': 'how Node finds modules; no database',
  // 1,000 password hashes checked (~3 min of CPU); the limits' counters are the same SQL that
  // rate-limit.test.ts and the accounts tests run on PostgreSQL.
  'src/server/features/accounts/sign-in-limits.test.ts': 'arithmetic of the sign-in limits',
};

/** The server's test files, by path from the root (Vitest's filters name them one by one). */
function serverTestFiles(): string[] {
  const files = fs
    .readdirSync(path.join(root, 'src/server'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `src/server/${file.split(path.sep).join('/')}`)
    .sort();
  for (const file of Object.keys(onceOnly)) {
    if (!files.includes(file))
      throw new Error(`scripts/test.ts onceOnly names ${file}: no such test`);
  }
  return files;
}

if (postgresUrl) {
  // 2. What can differ by database, on PostgreSQL: the server's files.
  vitestStep('Server tests again (Vitest, PostgreSQL)', 'vitest-postgres', 'PostgreSQL', [
    ...serverTestFiles().filter((file) => !(file in onceOnly)),
  ]);
  // 3. Several instances behind HAProxy and PgBouncer, one killed under load (decision 048):
  // alone on the machine (it loads every core for a minute), on PostgreSQL, which several
  // instances share (the embedded database belongs to one process).
  vitestStep('The cluster under load (Vitest, PostgreSQL)', 'vitest-cluster', 'PostgreSQL', [
    '--config',
    'vitest.cluster.config.ts',
  ]);
} else {
  console.log(
    '\n=== PostgreSQL passes and the cluster: need TEST_DATABASE_URL (as CI sets it) ===',
  );
}

// 4. The browser flows, once.
playwrightStep(postgresUrl ? 'PostgreSQL' : 'embedded');

printTimingTable();
if (failures.length > 0) {
  console.log(`\n=== What failed (${failures.length}) ===`);
  for (const failure of failures.slice(0, 10)) console.log(`✗ ${failure}\n`);
}
console.log('');
for (const problem of problems) console.log(`✗ ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 ? 1 : 0);
