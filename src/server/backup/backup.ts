import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.ts';

// Backup and restore (issue 15, Build 8; decision 015). A backup is a folder:
//   manifest.json   what it holds and when it was taken
//   database.tar.gz PGlite: the data directory as PGlite dumps it (consistent: it runs
//                   between queries)
//   database.dump   PostgreSQL with pg_dump: its custom format, one consistent snapshot
//   database.json   PostgreSQL without pg_dump: every table, read in one repeatable-read
//                   transaction (one snapshot), restored through the driver
//   files/          the local file store (uploads), copied after the database, so every file
//                   a row names is there (files are written before their rows)
//   secrets.json    the generated secrets (signed links and sessions depend on them)

const run = promisify(execFile);

export type BackupFormat = 'pglite' | 'pg_dump' | 'json';

export interface Manifest {
  app: 'flock';
  version: 1;
  createdAt: string;
  format: BackupFormat;
  files: number;
  /** Rows per table at the snapshot (checked again after a restore). */
  rows: Record<string, number>;
}

export interface BackupOptions {
  /** The running app's database (PGlite: its open client; PostgreSQL: its URL). */
  database: Database;
  dataDir: string;
  /** The folder to create; must not exist. */
  out: string;
  /** PostgreSQL: use pg_dump when installed (default), or force the driver export. */
  pgDump?: boolean;
}

async function hasPgDump(): Promise<boolean> {
  try {
    await run('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Copies a folder, skipping what does not exist; returns how many files it copied. */
function copyTree(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let count = 0;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) count += copyTree(source, target);
    else if (entry.isFile()) {
      fs.copyFileSync(source, target);
      count++;
    }
  }
  return count;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function tablesOf(query: Query): Promise<string[]> {
  const { rows } = await query(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => String(r.tablename));
}

async function rowCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(query)) {
    const { rows } = await query(`select count(*)::int as n from "${table}"`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/** Tables in an order where every table comes after those its foreign keys point at. */
async function insertOrder(query: Query): Promise<string[]> {
  const tables = await tablesOf(query);
  const { rows } = await query(`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and c.relname <> p.relname`);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const before = order.length;
    for (const table of tables) {
      if (placed.has(table)) continue;
      const parents = rows.filter((r) => r.child === table).map((r) => String(r.parent));
      if (parents.every((p) => placed.has(p) || !tables.includes(p))) {
        order.push(table);
        placed.add(table);
      }
    }
    if (order.length === before) throw new Error('Foreign keys form a cycle: cannot order.');
  }
  return order;
}

/** Takes a backup of a running (or stopped) Flock into `out`. */
export async function writeBackup(options: BackupOptions): Promise<Manifest> {
  const { database, dataDir, out } = options;
  if (fs.existsSync(out)) throw new Error(`${out} already exists: choose a new folder.`);
  const work = `${out}.partial`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });

  let format: BackupFormat;
  let rows: Record<string, number>;
  if (database.kind === 'pglite') {
    const client = database.pglite!;
    format = 'pglite';
    // Counted and dumped back to back: PGlite runs one thing at a time, and the app's
    // writes between the two are in the dump (the counts are a floor, checked as such).
    rows = await rowCounts((text) => client.query(text));
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(path.join(work, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  } else {
    const url = database.url!;
    const usePgDump = (options.pgDump ?? true) && (await hasPgDump());
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      if (usePgDump) {
        format = 'pg_dump';
        rows = await rowCounts((text) => client.query(text));
        await run('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${path.join(work, 'database.dump')}`,
          `--dbname=${url}`,
        ]);
      } else {
        format = 'json';
        await client.query('begin isolation level repeatable read read only');
        const query: Query = (text) => client.query(text);
        rows = await rowCounts(query);
        const tables: Record<string, unknown[]> = {};
        for (const table of await tablesOf(query)) {
          const result = await client.query<{ data: unknown[] }>(
            `select coalesce(json_agg(t), '[]'::json) as data from "${table}" t`,
          );
          tables[table] = result.rows[0]!.data;
        }
        await client.query('commit');
        fs.writeFileSync(path.join(work, 'database.json'), JSON.stringify({ tables }));
      }
    } finally {
      await client.end();
    }
  }

  const files = copyTree(path.join(dataDir, 'files'), path.join(work, 'files'));
  const secrets = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(secrets)) fs.copyFileSync(secrets, path.join(work, 'secrets.json'));
  const manifest: Manifest = {
    app: 'flock',
    version: 1,
    createdAt: new Date().toISOString(),
    format,
    files,
    rows,
  };
  fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
  // The folder appears whole or not at all.
  fs.renameSync(work, out);
  return manifest;
}

export function readManifest(from: string): Manifest {
  const file = path.join(from, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${from} is not a Flock backup (no manifest.json).`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.app !== 'flock' || manifest.version !== 1) {
    throw new Error(`${from} is not a backup this version of Flock can restore.`);
  }
  return manifest;
}

export interface RestoreOptions {
  from: string;
  /** The data directory to restore into (its database and files must not exist yet). */
  dataDir: string;
  /** PostgreSQL: an empty database to restore into (PGlite backups ignore it). */
  databaseUrl?: string;
}

/** Restores a backup into a fresh data directory (and, for PostgreSQL, an empty database). */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { from, dataDir } = options;
  const manifest = readManifest(from);
  fs.mkdirSync(dataDir, { recursive: true });
  for (const name of ['pgdata', 'files']) {
    const target = path.join(dataDir, name);
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
      throw new Error(
        `${target} is not empty: restore into a new DATA_DIR (or move the old one aside).`,
      );
    }
  }

  if (manifest.format === 'pglite') {
    const dump = fs.readFileSync(path.join(from, 'database.tar.gz'));
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
      loadDataDir: new Blob([new Uint8Array(dump)]),
    });
    await client.close();
  } else {
    const url = options.databaseUrl;
    if (!url)
      throw new Error('This is a PostgreSQL backup: set DATABASE_URL to an empty database.');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
      );
      if (Number(rows[0].n) > 0) {
        throw new Error('DATABASE_URL is not empty: restore into a new, empty database.');
      }
      if (manifest.format === 'pg_dump') {
        await run('pg_restore', [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          `--dbname=${url}`,
          path.join(from, 'database.dump'),
        ]);
      } else {
        // The schema from the migrations, then the rows, parents first, in one transaction.
        const { openPostgres } = await import('../db/client.ts');
        const database = await openPostgres(url, { max: 1 });
        await database.migrate();
        await database.close();
        const { tables } = JSON.parse(
          fs.readFileSync(path.join(from, 'database.json'), 'utf8'),
        ) as {
          tables: Record<string, unknown[]>;
        };
        await client.query('begin');
        const query: Query = (text) => client.query(text);
        for (const table of await insertOrder(query)) {
          const data = tables[table] ?? [];
          await client.query(`delete from "${table}"`);
          if (data.length === 0) continue;
          await client.query(
            `insert into "${table}" select * from json_populate_recordset(null::"${table}", $1::json)`,
            [JSON.stringify(data)],
          );
        }
        await client.query('commit');
      }
    } finally {
      await client.end();
    }
  }

  copyTree(path.join(from, 'files'), path.join(dataDir, 'files'));
  const secrets = path.join(from, 'secrets.json');
  if (fs.existsSync(secrets)) fs.copyFileSync(secrets, path.join(dataDir, 'secrets.json'));
  return manifest;
}

export { rowCounts };
