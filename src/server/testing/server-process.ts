import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll } from 'vitest';
import { repoRoot } from './test-app.ts';
import { scratchPostgres } from './test-database.ts';

// The real entry point (src/server/main.ts) as a child process, as a supervisor runs it.

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function start(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Started {
  const child = spawn(process.execPath, [...nodeFlags, path.join(repoRoot, 'src/server/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_SECONDS: '0',
      JOBS_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

export async function waitReady(port: number, started: Started, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (started.child.exitCode !== null) {
      throw new Error(`exited with ${started.child.exitCode}: ${started.output()}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('not ready in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Real servers on one data directory and, with TEST_DATABASE_URL, a scratch PostgreSQL
 * database `flock_<name>`: for the tests that kill and restart them. After the file's tests
 * every server still running is killed, the directory and the database removed.
 */
export function useServerRuns(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `flock-${name}-`));
  const running: Started[] = [];
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    dataDir,
    /** A server on the data directory (see `start`). */
    start(port: number, env: Record<string, string> = {}) {
      const server = start(dataDir, port, env);
      running.push(server);
      return server;
    },
    /** The settings that put the servers on the scratch database: none on PGlite. */
    async databaseEnv(): Promise<Record<string, string>> {
      const scratch = await scratchPostgres(`flock_${name}`);
      if (!scratch) return {};
      dropDatabase = scratch.drop;
      databaseUrl = scratch.url;
      return { DATABASE_URL: scratch.url };
    },
    /** Whether the servers share the scratch PostgreSQL database (after databaseEnv). */
    onPostgres: () => databaseUrl !== undefined,
    /**
     * SQL on the database while no server holds it (PGlite: the data directory opens as after
     * a power cut) or beside them (PostgreSQL).
     */
    async query<T>(text: string): Promise<T[]> {
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(text)).rows as T[];
        } finally {
          await client.end();
        }
      }
      const client = await PGlite.create(path.join(dataDir, 'pgdata'));
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.close();
      }
    },
  };
}
