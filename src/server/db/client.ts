import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Client as PgClient } from 'pg';
import type PgModule from 'pg';
import * as schema from './schema.ts';
import { openEmbedded } from './embedded.ts';
import { fairQueue } from './fair-queue.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** PGlite: the client itself (a backup dumps it). */
  pglite?: PGlite;
  /**
   * PostgreSQL: where it is, directly (a backup runs pg_dump against it): the direct URL when
   * the queries go through a pooler in transaction mode.
   */
  url?: string;
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (NOTIFY comes from `pg_notify` in a query, on any connection of any
   * process). `onPayload` gets each payload; `onReconnect` is called when a lost listening
   * connection is back (notifications sent meanwhile are gone: callers catch up).
   * Returns a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * One statement straight through the driver, without the ORM's row mapping: for the hot
   * read paths (history, the session lookup). Rows as the driver returns them. With a
   * `name`, PostgreSQL parses and plans the statement once per connection (a named prepared
   * statement; one name, one text); the embedded database and a pooler in transaction mode
   * (decision 045) ignore it.
   */
  query<T>(text: string, params: unknown[], name?: string): Promise<T[]>;
  /** Calls `listener` with every statement sent (tests count them); returns the unsubscribe. */
  onStatement(listener: (text: string) => void): () => void;
}

/** Listeners on the statements a database sends, fed by the ORM's logger and `query`. */
function statementListeners() {
  const listeners = new Set<(text: string) => void>();
  return {
    notify(text: string) {
      for (const listener of listeners) listener(text);
    },
    logger: {
      logQuery(text: string) {
        for (const listener of listeners) listener(text);
      },
    },
    onStatement(listener: (text: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** The embedded database, kept in `<dataDir>/pgdata`. One process per directory. */
export async function openPglite(dataDir: string): Promise<Database> {
  const { client, release } = await openEmbedded(dataDir);
  return wrapPglite(client, release);
}

/** An already-open PGlite (tests clone a migrated snapshot into memory). */
export function wrapPglite(client: PGlite, release?: () => Promise<void>): Database {
  const statements = statementListeners();
  const run = fairQueue();
  // What drizzle calls on its client, through the queue (a transaction's own statements go
  // to PGlite directly: the transaction holds the queue until it ends).
  const queued = {
    query: ((...args: Parameters<PGlite['query']>) =>
      run(() => client.query(...args))) as PGlite['query'],
    exec: ((...args: Parameters<PGlite['exec']>) =>
      run(() => client.exec(...args))) as PGlite['exec'],
    transaction: ((callback: Parameters<PGlite['transaction']>[0]) =>
      run(() => client.transaction(callback))) as PGlite['transaction'],
  };
  const db = drizzlePglite({
    client: queued as unknown as PGlite,
    schema,
    logger: statements.logger,
  }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async query<T>(text: string, params: unknown[]) {
      statements.notify(text);
      return (await queued.query<T>(text, params)).rows;
    },
    onStatement: statements.onStatement,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onPayload) {
      // PGlite's own in-process LISTEN: the same pg_notify reaches it.
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async close() {
      if (!client.closed) await client.close();
      await release?.();
    },
  };
}

/**
 * How the connection string reaches PostgreSQL (decision 045). `session`: PostgreSQL itself or
 * a pooler in session mode, where one connection is one server session. `transaction`: a pooler
 * in transaction mode (PgBouncer), where each transaction may run on another server connection:
 * no named prepared statements, and whatever needs a session (LISTEN, the migrations' advisory
 * lock) goes to `directUrl`.
 */
export type PoolMode = 'session' | 'transaction';

export interface PostgresOptions {
  max?: number;
  poolMode?: PoolMode;
  /** PostgreSQL itself, for LISTEN and migrations; required in `transaction` mode. */
  directUrl?: string;
  /**
   * Every session starts with `default_transaction_read_only=on` (sent when it connects): a
   * write is refused with `cannot execute … in a read-only transaction` (decision 047).
   */
  readOnly?: boolean;
  /** What PostgreSQL shows for these sessions (`pg_stat_activity`) unless the URL names one. */
  applicationName?: string;
}

/**
 * The pool's connection settings: the URL, plus the read-only switch when asked. pg lets a
 * URL's own `options` replace a configured one, so any the URL has are moved next to ours.
 */
function connectionConfig(connectionString: string, options: PostgresOptions) {
  const config: { connectionString: string; options?: string; fallback_application_name?: string } =
    { connectionString };
  if (options.applicationName) config.fallback_application_name = options.applicationName;
  if (options.readOnly) {
    const url = new URL(connectionString);
    const own = url.searchParams.get('options');
    url.searchParams.delete('options');
    config.connectionString = url.toString();
    config.options = [own, '-c default_transaction_read_only=on'].filter(Boolean).join(' ');
  }
  return config;
}

/**
 * Makes every statement a client sends unnamed: PostgreSQL's unnamed statement lives only
 * until the next Parse, and pg sends Parse, Bind, Execute and Sync together, so it never
 * outlives the transaction a pooler in transaction mode hands it. Drizzle's `.prepare(name)`
 * and `Database.query(…, name)` still build their query once; only the server plans it each time.
 */
function withoutStatementNames(client: PgClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config, ...rest) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof (config as { submit?: unknown }).submit !== 'function' &&
      (config as { name?: unknown }).name !== undefined
    ) {
      const { name: _name, ...unnamed } = config as { name?: unknown };
      return query(unnamed, ...rest);
    }
    return query(config, ...rest);
  };
}

export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<Database> {
  const poolMode = options.poolMode ?? 'session';
  if (poolMode === 'transaction' && !options.directUrl) {
    throw new Error(
      'A pooler in transaction mode needs a direct URL to PostgreSQL (LISTEN and migrations).',
    );
  }
  const directUrl = options.directUrl ?? connectionString;
  // Loaded only when a server is configured: these modules slow down every embedded start.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    ...connectionConfig(connectionString, options),
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  if (poolMode === 'transaction') pool.on('connect', withoutStatementNames);
  const statements = statementListeners();
  const db = drizzlePg(pool, { schema, logger: statements.logger }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    url: directUrl,
    async query<T>(text: string, params: unknown[], name?: string) {
      statements.notify(text);
      return (await pool.query({ text, values: params, name })).rows as T[];
    },
    onStatement: statements.onStatement,
    async migrate() {
      // Several app instances may start at once: only one migrates at a time. The lock is a
      // session's, so with a direct URL it is taken on a connection of its own to PostgreSQL
      // (through a pooler in transaction mode the unlock could reach another server session).
      let client: PgClient | PgModule.PoolClient;
      let done: () => Promise<void>;
      if (options.directUrl) {
        const direct = new pg.Client({
          connectionString: directUrl,
          connectionTimeoutMillis: 5_000,
        });
        direct.on('error', () => {});
        await direct.connect();
        client = direct;
        done = () => direct.end();
      } else {
        const pooled = await pool.connect();
        client = pooled;
        done = async () => pooled.release();
      }
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        await done();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, onPayload, onReconnect) {
      // LISTEN needs a session: never through a pooler in transaction mode.
      return listenPostgres(pg, directUrl, channel, onPayload, onReconnect);
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  databasePoolMode?: PoolMode;
  databaseDirectUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, {
        poolMode: options.databasePoolMode ?? 'session',
        ...(options.databaseDirectUrl ? { directUrl: options.databaseDirectUrl } : {}),
      })
    : openPglite(options.dataDir);
}

/** Connections each instance may hold to the read replica: the reports are few and rare. */
export const REPLICA_POOL_MAX = 3;

/**
 * The read replica the finance reports read from (decision 047): PostgreSQL, a small pool, every
 * session read-only. Never migrated (a standby follows its primary) and never listened on.
 */
export function openReplica(url: string): Promise<Database> {
  return openPostgres(url, {
    max: REPLICA_POOL_MAX,
    readOnly: true,
    applicationName: 'flock-reports',
  });
}

/**
 * A dedicated connection for LISTEN (a pooled one would be handed to other queries). When it
 * drops it is opened again with a growing pause (1 s … 30 s) until it is stopped.
 */
async function listenPostgres(
  pg: typeof PgModule,
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: PgClient | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const open = async () => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('end');
      void next.end().catch(() => {});
      schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`listen ${quoted}`);
    client = next;
    if (stopped) await next.end().catch(() => {});
  };

  const schedule = () => {
    if (stopped) return;
    const delay = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
    failures += 1;
    timer = setTimeout(() => {
      open().then(
        () => {
          failures = 0;
          onReconnect?.();
        },
        () => schedule(),
      );
    }, delay);
    timer.unref();
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => {});
    }
  };
}
