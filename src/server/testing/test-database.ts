import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite, type Database, type PoolMode } from '../db/client.ts';

// Each test file gets its own freshly migrated database, fast:
// - PGlite (default): a data directory migrated once by the global setup is copied and opened
//   (no initdb, no migrations per file).
// - PostgreSQL (TEST_DATABASE_URL): a new database cloned from a migrated template database.

export interface TestDatabaseInfo {
  kind: 'pglite' | 'postgres';
  /** PGlite: the migrated data directory. PostgreSQL: the template database's name. */
  source: string;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * PostgreSQL only: reach the new database through a pooler (`through` turns its direct URL into
 * the pooler's) in `poolMode`; `direct: false` leaves out the direct URL (the app as configured
 * before decision 045: everything, LISTEN included, through the pooler).
 */
export interface PooledTestDatabase {
  through: (directUrl: string) => string;
  poolMode: PoolMode;
  direct?: boolean;
}

export async function createTestDatabase(
  info: TestDatabaseInfo,
  pooled?: PooledTestDatabase,
): Promise<Database> {
  if (info.kind === 'pglite') {
    // A copy of the migrated data directory, opened where it lies (as `npm start` opens its
    // own): a native copy is ~0.6 s of CPU where unpacking a 43 MB dump into memory was 2-4 s.
    const dir = fs.mkdtempSync(path.join(path.dirname(info.source), 'db-'));
    fs.cpSync(info.source, dir, { recursive: true });
    const client = await PGlite.create(dir);
    return wrapPglite(client, async () => fs.rmSync(dir, { recursive: true, force: true }));
  }

  const serverUrl = process.env.TEST_DATABASE_URL!;
  // Named after this run's template, so a run's teardown drops only its own leftovers.
  const run = info.source.replace(/^flock_tpl_/, '');
  const name = `flock_t_${run}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${info.source}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabaseName(serverUrl, name);
  const database = pooled
    ? await openPostgres(pooled.through(url), {
        max: 4,
        poolMode: pooled.poolMode,
        ...(pooled.direct === false ? {} : { directUrl: url }),
      })
    : await openPostgres(url, { max: 4 });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * For tests that run the real server as a child process: a new, empty database on
 * TEST_DATABASE_URL (the server migrates it), or null on embedded PGlite (the server opens its
 * data directory). `drop` removes it afterwards.
 */
export async function scratchPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return null;
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: withDatabaseName(server, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
