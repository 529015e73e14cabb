import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessage } from '../../shared/pastor.ts';
import { loadConfig } from '../config.ts';
import { memberSession, ORIGIN, someClient } from '../testing/accounts.ts';
import { call } from '../testing/finance.ts';
import { openPastorSocket } from '../testing/pastor.ts';
import {
  findPgBouncer,
  PGBOUNCER_MISSING,
  startPgBouncer,
  type PgBouncer,
} from '../testing/pgbouncer.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { approvedPastor } from '../testing/workers.ts';
import { openDatabase, type Database } from './client.ts';

// Decision 045: the app through a real PgBouncer 1.18 in transaction mode (no protocol-level
// prepared statements before 1.21). With DATABASE_POOL_MODE=transaction every query works
// through it and LISTEN/NOTIFY keeps its own direct connection; without it, the named prepared
// statements of decision 017 break as soon as PgBouncer hands a client another server
// connection. PostgreSQL only (TEST_DATABASE_URL): the embedded database has no pooler.

const serverUrl = process.env.TEST_DATABASE_URL;
const pgbouncer = findPgBouncer();
const TITLE = 'PgBouncer 1.18 in transaction mode (decision 045)';

/** Drops every server connection PgBouncer holds to `directUrl`'s database (LISTEN's is kept). */
async function dropPoolerServerConnections(directUrl: string) {
  const admin = new pg.Client({ connectionString: directUrl });
  await admin.connect();
  try {
    const others = `from pg_stat_activity where datname = current_database()
      and pid <> pg_backend_pid() and backend_type = 'client backend' and query not ilike 'listen %'`;
    await admin.query(`select pg_terminate_backend(pid) ${others}`);
    const deadline = Date.now() + 5_000;
    while (Number((await admin.query(`select count(*) as n ${others}`)).rows[0].n) > 0) {
      if (Date.now() > deadline) throw new Error('server connections still there after 5 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}

/**
 * A named statement run once, then again while another client's open transaction holds the
 * server connection it was prepared on (PgBouncer reuses the last released one first): the
 * second run lands on another server connection.
 */
async function namedStatementWhileServerTaken(database: Database, pooledUrl: string, name: string) {
  const text = 'select $1::int + 1 as n';
  expect(await database.query(text, [1], name)).toEqual([{ n: 2 }]);
  const blocker = new pg.Client({ connectionString: pooledUrl });
  await blocker.connect();
  try {
    await blocker.query('begin');
    await blocker.query('select 1');
    return await database.query<{ n: number }>(text, [2], name);
  } finally {
    await blocker.query('rollback').catch(() => {});
    await blocker.end();
  }
}

if (!serverUrl) {
  describe(`${TITLE}: not applicable on embedded PGlite (no pooler); runs with TEST_DATABASE_URL`, () => {
    it('refuses DATABASE_POOL_MODE=transaction without a PostgreSQL server to pool', () => {
      expect(() => loadConfig({ DATABASE_POOL_MODE: 'transaction' })).toThrow(
        /DATABASE_POOL_MODE=transaction needs DATABASE_URL/,
      );
    });
  });
} else if (!pgbouncer) {
  if (process.env.CI === 'true') {
    // CI installs it (.ci/run): a missing pgbouncer fails there, it is never skipped.
    describe(TITLE, () => {
      it('has pgbouncer installed', () => {
        throw new Error(`CI=true: ${PGBOUNCER_MISSING}`);
      });
    });
  } else {
    describe.skip(`${TITLE}: skipped, ${PGBOUNCER_MISSING}`, () => {
      it('needs pgbouncer', () => {});
    });
  }
} else {
  describe(TITLE, () => {
    let bouncer: PgBouncer;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pgbouncer-config-'));

    beforeAll(async () => {
      bouncer = await startPgBouncer(serverUrl);
    });
    afterAll(async () => {
      await bouncer?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    describe('the database layer, configured from the environment', () => {
      let made: Database;
      beforeAll(async () => {
        made = await createTestDatabase(inject('testDatabase'));
      });
      afterAll(async () => made?.close());

      it('with DATABASE_POOL_MODE=transaction: a statement name is ignored, migrations go direct', async () => {
        const config = testConfig(dataDir, {
          DATABASE_URL: bouncer.through(made.url!),
          DATABASE_POOL_MODE: 'transaction',
          DATABASE_DIRECT_URL: made.url!,
        });
        const database = await openDatabase(config);
        try {
          await database.migrate(); // a session advisory lock: on the direct connection
          expect(
            await namedStatementWhileServerTaken(database, config.databaseUrl!, 'probe_tx'),
          ).toEqual([{ n: 3 }]);
          // A transaction keeps its server connection to the end, so it works as ever.
          const inTransaction = await database.db.transaction(async (tx) => {
            await tx.execute(sql`select set_config('flock.probe', 'kept', true)`);
            return tx.execute(sql`select current_setting('flock.probe') as v`);
          });
          expect((inTransaction as unknown as { rows: unknown[] }).rows).toEqual([{ v: 'kept' }]);
        } finally {
          await database.close();
        }
      });

      it('without it (session mode, as before): the named prepared statement fails', async () => {
        const config = testConfig(dataDir, { DATABASE_URL: bouncer.through(made.url!) });
        expect(config.databasePoolMode).toBe('session');
        const database = await openDatabase(config);
        try {
          await expect(
            namedStatementWhileServerTaken(database, config.databaseUrl!, 'probe_session'),
          ).rejects.toThrow(/prepared statement "probe_session" does not exist/);
        } finally {
          await database.close();
        }
      });
    });

    describe('the app with DATABASE_POOL_MODE=transaction and a direct URL for LISTEN', () => {
      let t: TestApp;
      let base: string;
      let cookie: string;
      let admin: string;

      beforeAll(async () => {
        t = await createTestApp({
          // Every request looks its session up (the named `session_user` statement).
          env: { ADMIN_EMAILS: 'overseer@example.com', SESSION_CACHE_SECONDS: '0' },
          pooled: { through: (url) => bouncer.through(url), poolMode: 'transaction' },
        });
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      });
      afterAll(async () => t?.close());

      it('signs up, confirms, logs in and keeps the session', async () => {
        cookie = await memberSession(t, 'ama@example.com');
        const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
        expect(me.statusCode).toBe(200);
        expect(me.json().user.email).toBe('ama@example.com');
      });

      it('reads and updates the profile (prepared statements), also after PgBouncer drops its server connections', async () => {
        const read = () => t.app.inject({ url: '/api/profile', headers: { cookie } });
        expect((await read()).json().fullName).toBe('Ama Mensah');
        const updated = await call(t, 'PATCH', '/api/profile', cookie, {
          fullName: 'Ama Serwaa Mensah',
          phoneNumber: '+233241234567',
          assemblyName: 'bethel',
        });
        expect(updated.statusCode, updated.body).toBe(200);
        expect((await read()).json().fullName).toBe('Ama Serwaa Mensah');

        await dropPoolerServerConnections(t.database.url!);
        for (let i = 0; i < 3; i++) {
          const again = await read();
          expect(again.statusCode, again.body).toBe(200);
          expect(again.json().fullName).toBe('Ama Serwaa Mensah');
        }
      });

      it('records gifts and pages the history', async () => {
        const give = (payload: object) =>
          t.app.inject({
            method: 'POST',
            url: '/api/giving/gifts',
            payload: {
              type: 'tithe',
              firstName: 'Ama',
              lastName: 'Mensah',
              assembly: 'bethel',
              ...payload,
            },
            headers: { origin: ORIGIN, cookie },
            remoteAddress: someClient(),
          });
        expect((await give({ paymentMethod: 'cash', amount: '30' })).statusCode).toBe(201);
        expect(
          (await give({ paymentMethod: 'bank', bank: 'fidelity', amount: '12.50' })).statusCode,
        ).toBe(201);
        const history = await t.app.inject({ url: '/api/history', headers: { cookie } });
        expect(history.statusCode, history.body).toBe(200);
        const entries = history.json().entries as { method: string; amount: number }[];
        expect(entries.map((e) => [e.method, e.amount])).toEqual([
          ['bank', 1250],
          ['cash', 3000],
        ]);
      });

      it('delivers a pastor’s message over LISTEN/NOTIFY, listening on a direct connection', async () => {
        admin = await memberSession(t, 'overseer@example.com');
        const ama = await approvedPastor(t, 'pastor.ama@example.com', admin);
        const kofi = await approvedPastor(t, 'pastor.kofi@example.com', admin, 'lay');
        const kofiId = (
          await t.app.inject({ url: '/api/pastor/me', headers: { cookie: kofi.cookie } })
        ).json().id as string;

        // The listening connection is PostgreSQL's own, not one of PgBouncer's.
        const direct = new pg.Client({ connectionString: t.database.url! });
        await direct.connect();
        try {
          const { rows } = await direct.query(
            `select count(*) as n from pg_stat_activity
             where datname = current_database() and query ilike 'listen %'`,
          );
          expect(Number(rows[0].n)).toBe(1);
        } finally {
          await direct.end();
        }

        const socket = await openPastorSocket(base, { cookie: kofi.cookie });
        try {
          const sent = await t.app.inject({
            method: 'POST',
            url: `/api/pastor/conversations/${kofiId}/messages`,
            payload: { text: 'Through the pooler' },
            headers: { origin: ORIGIN, cookie: ama.cookie },
          });
          expect(sent.statusCode, sent.body).toBe(201);
          const id = (sent.json().message as ChatMessage).id;
          await socket.next(
            (e) =>
              e.type === 'message' &&
              (e.message as ChatMessage).id === id &&
              (e.message as ChatMessage).text === 'Through the pooler',
          );
        } finally {
          socket.close();
        }
      });
    });

    describe('the app without it (session mode, as before decision 045)', () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp({
          env: { SESSION_CACHE_SECONDS: '0' },
          pooled: { through: (url) => bouncer.through(url), poolMode: 'session' },
        });
      });
      afterAll(async () => t?.close());

      it('fails its named prepared statements once PgBouncer hands it another server connection', async () => {
        const cookie = await memberSession(t, 'ama@example.com');
        const read = () => t.app.inject({ url: '/api/profile', headers: { cookie } });
        expect((await read()).statusCode).toBe(200);

        await dropPoolerServerConnections(t.database.url!);
        const after = await read();
        expect(after.statusCode).toBe(500);
      });
    });
  });
}
