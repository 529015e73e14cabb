import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { freePort } from '../../../src/server/testing/free-port.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface RunningApp {
  baseURL: string;
  dataDir: string;
  databaseUrl: string | undefined;
  stop(): Promise<number | null>;
  /** Starts it again after `stop`, on the same port and data (what a test wrote meanwhile too). */
  restart(): Promise<void>;
  /** Reads the app's database. On PGlite the app must be stopped first (one process per directory). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Drops what the run created. */
  dispose(): Promise<void>;
}

export function buildWebOnce() {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-web-build.ts')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The web app did not build.');
}

async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `flock_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(serverUrl: string, databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

/**
 * Starts the real server (`node src/server/main.ts`) on a free port with a fresh data
 * directory: embedded PGlite, or a fresh database on TEST_DATABASE_URL's server when set.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-e2e-'));
  const port = await freePort();
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseUrl = serverUrl ? await freshPostgresDatabase(serverUrl) : undefined;
  const baseURL = `http://127.0.0.1:${port}`;

  let child: ChildProcess;
  let exited: Promise<number | null>;
  let stopped = false;

  async function launch() {
    stopped = false;
    child = spawn(process.execPath, [path.join(repoRoot, 'src/server/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const running = child;
    exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 60_000;
    for (;;) {
      if (running.exitCode !== null)
        throw new Error(`The app exited during start (code ${running.exitCode}).`);
      try {
        const res = await fetch(`${baseURL}/api/ready`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        running.kill('SIGKILL');
        throw new Error('The app did not become ready within 60 s.');
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await launch();

  const stop = async () => {
    if (!stopped) {
      stopped = true;
      child.kill('SIGTERM');
    }
    return exited;
  };

  return {
    baseURL,
    dataDir,
    databaseUrl,
    stop,
    async restart() {
      await stop();
      await launch();
    },
    async query<T>(text: string, params: unknown[] = []) {
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(text, params)).rows as T[];
        } finally {
          await client.end();
        }
      }
      if (!stopped) throw new Error('Stop the app before reading its embedded database.');
      await exited;
      const db = await PGlite.create(path.join(dataDir, 'pgdata'));
      try {
        return (await db.query<T>(text, params)).rows;
      } finally {
        await db.close();
      }
    },
    async dispose() {
      await stop();
      if (serverUrl && databaseUrl) await dropPostgresDatabase(serverUrl, databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
