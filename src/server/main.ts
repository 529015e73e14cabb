import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { loadDotEnv } from './dotenv.ts';
import { registerFastResolve } from './fast-resolve.ts';
import { serverNodeFlags } from './node-flags.ts';
import { ensureTwiPlural } from '../shared/plural-rules.ts';

// Entry point for `npm start`: read config, open the database, listen, stop cleanly.

loadDotEnv();
// Started without Node flags (npm start, the image), the server takes those for its database
// (node-flags.ts) by replacing itself with `node <flags> main.ts`: the same process and pid.
// Flags given on the command line are kept as they are. Nothing else is loaded before this.
if (process.execArgv.length === 0 && typeof process.execve === 'function') {
  const flags = serverNodeFlags(!process.env.DATABASE_URL);
  // The new process reads Node's compile cache (below) from its first line: main.ts and
  // every TypeScript file come stripped and compiled, and Node's TypeScript stripper is not
  // even loaded (~0.12 s of a start).
  process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'node-compile-cache');
  try {
    process.execve(process.execPath, [process.execPath, ...flags, ...process.argv.slice(1)]);
  } catch (error) {
    // Not fatal: the server runs as it is, with Node's own sizes (more memory, same answers).
    console.warn(`Could not restart with ${flags.join(' ')}: ${(error as Error).message}`);
  }
}
// A signal while the server starts, before it can drain (stopOnSignals below), stops it at once.
// Node's default does the same, except as a container's PID 1: the kernel drops a signal PID 1
// has no handler for, the start went on, and only SIGKILL ended it (decision 057).
const stopWhileStarting = (signal: NodeJS.Signals) => {
  console.error(`${signal} while starting: stopped before serving.`);
  process.exit(1);
};
process.on('SIGTERM', stopWhileStarting);
process.on('SIGINT', stopWhileStarting);
// Half of a start was Node finding ~1,000 modules (fast-resolve.ts) and compiling them: both
// are now done once. The compile cache lives in the system's temp folder, keyed by Node's
// version and each file's contents (a changed file is compiled afresh).
registerFastResolve();
module.enableCompileCache();
// Before any message is made: Twi's plural where Node has no `ak` data (decision 042).
ensureTwiPlural();
const { ConfigError, loadConfig } = await import('./config.ts');
// Log lines go out from a thread of their own: a pipe nobody reads never stops the server,
// nor its SIGTERM (platform/log-output.ts, decision 057).
const { startLogOutput } = await import('./platform/log-output.ts');
const logs = startLogOutput();
/** Exits once the log lines are out, waiting a second at most for a pipe nobody reads. */
const exitAfterLogs = (code: number) => void logs.flushed(1000).then(() => process.exit(code));

async function main() {
  const started = performance.now();
  const config = loadConfig();
  // Open the embedded database while the server's modules load (it takes ~0.6 s).
  const embedded = config.databaseUrl
    ? undefined
    : import('./db/embedded.ts').then(({ openEmbedded }) => openEmbedded(config.dataDir));
  embedded?.catch(() => {}); // reported below, once awaited
  const [{ buildApp }, { wrapPglite }, { stopOnSignals }] = await Promise.all([
    import('./app.ts'),
    import('./db/client.ts'),
    import('./platform/shutdown.ts'),
  ]);
  const opened = await embedded;
  const app = await buildApp(config, {
    database: opened && wrapPglite(opened.client, opened.release),
    ownsDatabase: true,
    logStream: logs,
  });

  // `npm run backup` asks the server holding the embedded database for a snapshot.
  if (!config.databaseUrl) {
    const { answerBackupRequests } = await import('./backup/running.ts');
    answerBackupRequests(app.ctx.database, config.dataDir, app.log);
  }
  // SIGTERM/SIGINT: not ready, serve out the grace period, close, exit (platform/shutdown.ts).
  process.off('SIGTERM', stopWhileStarting);
  process.off('SIGINT', stopWhileStarting);
  stopOnSignals(app, config.shutdown, exitAfterLogs);

  await app.listen({ port: config.port, host: config.host });
  const database = config.databaseUrl
    ? `PostgreSQL${config.databaseReplicaUrl ? ', reports from its read replica' : ''}`
    : `embedded PGlite in ${config.dataDir}`;
  app.log.info(
    `Flock is ready at ${config.publicUrl} (database: ${database}; started in ${Math.round(performance.now() - started)} ms)`,
  );
}

main().catch((error: Error) => {
  // Mistakes a person can fix get their message alone, without a stack trace.
  const explained =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error.name === 'ContentError';
  if (explained) {
    console.error(`\nFlock cannot start.\n${error.message}\n`);
  } else {
    console.error('Flock cannot start:', error);
  }
  exitAfterLogs(1);
});
