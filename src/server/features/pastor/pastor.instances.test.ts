import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { memberSession, ORIGIN } from '../../testing/accounts.ts';
import { openPastorSocket } from '../../testing/pastor.ts';
import { repoRoot, type TestApp } from '../../testing/test-app.ts';
import { testConfig } from '../../testing/test-config.ts';
import { withDatabaseName } from '../../testing/test-database.ts';
import { approvedPastor } from '../../testing/workers.ts';

// Issue 9: two app processes on one PostgreSQL; a message sent through one reaches a socket
// connected to the other (fan-out through LISTEN/NOTIFY). Several processes cannot share the
// embedded database, so this test always uses a PostgreSQL server: TEST_DATABASE_URL, or the
// local one at 127.0.0.1:5432. It makes its own database and drops it.

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const authSecret = randomBytes(32).toString('hex');

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `This test needs a PostgreSQL server (two app processes share it): ${(error as Error).message}. ` +
        'Start PostgreSQL on 127.0.0.1:5432 or set TEST_DATABASE_URL.',
      { cause: error },
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function startInstance(databaseUrl: string, dataDir: string) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: authSecret,
      DATA_DIR: dataDir,
      CONTENT_DIR: path.join(repoRoot, 'content'),
      RECONCILE_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Fastify logs the address it listens on ("Server listening at http://127.0.0.1:PORT").
      const match = output.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`instance exited (${code}):\n${output}`)));
  });
  return { child, url };
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('pastor messages across two app processes on one PostgreSQL', () => {
  const name = `flock_two_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabaseName(serverUrl, name);
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const urls: string[] = [];

  beforeAll(async () => {
    await admin((c) => c.query(`create database "${name}"`));
    // Members and pastors are made through one app in this process, then it is closed.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-two-'));
    dataDirs.push(dataDir);
    const config = testConfig(dataDir, {
      AUTH_SECRET: authSecret,
      ADMIN_EMAILS: 'overseer@example.com',
    });
    const database = await openPostgres(databaseUrl, { max: 4 });
    const app = await buildApp(config, { database, ownsDatabase: true, webDir: null });
    await app.ready();
    const t = { app, db: database.db, database, config, dataDir } as unknown as TestApp;
    try {
      cookies.admin = await memberSession(t, 'overseer@example.com');
      cookies.ama = (await approvedPastor(t, 'ama@example.com', cookies.admin)).cookie;
      cookies.kofi = (await approvedPastor(t, 'kofi@example.com', cookies.admin, 'lay')).cookie;
      const esi = await approvedPastor(t, 'esi@example.com', cookies.admin);
      cookies.esi = esi.cookie;
      ids.esiApplication = esi.applicationId;
      for (const who of ['ama', 'kofi']) {
        ids[who] = (
          await app.inject({ url: '/api/pastor/me', headers: { cookie: cookies[who]! } })
        ).json().id;
      }
    } finally {
      await app.close();
    }

    const instances = [0, 1].map(() => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-two-'));
      dataDirs.push(dir);
      return startInstance(databaseUrl, dir);
    });
    children.push(...instances.map((i) => i.child));
    urls.push(...(await Promise.all(instances.map((i) => i.url))));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('delivers a message sent through one instance to a socket on the other', async () => {
    const [first, second] = urls as [string, string];
    expect(first).not.toBe(second);
    const kofi = await openPastorSocket(second, { cookie: cookies.kofi! });
    try {
      const res = await fetch(`${first}/api/pastor/conversations/${ids.kofi}/messages`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie: cookies.ama!, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Sent through the first instance' }),
      });
      expect(res.status).toBe(201);
      const { message } = (await res.json()) as { message: { id: string } };
      const event = await kofi.next(
        (e) => e.type === 'message' && (e.message as { id: string }).id === message.id,
      );
      expect(event.message).toMatchObject({
        text: 'Sent through the first instance',
        senderId: ids.ama,
        receiverId: ids.kofi,
      });
    } finally {
      kofi.close();
    }
  });

  it('closes the socket of a pastor whose approval is withdrawn at once, on the other instance too (issue 31)', async () => {
    const [first, second] = urls as [string, string];
    // The instances check open sockets again only every 60 s: this must not wait for that.
    const esi = await openPastorSocket(second, { cookie: cookies.esi! });
    const closed = new Promise<number>((resolve) => esi.socket.once('close', resolve));
    const decided = Date.now();
    const res = await fetch(`${first}/api/admin/applications/${ids.esiApplication}/decision`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: cookies.admin!, 'content-type': 'application/json' },
      // A rejection takes a reason (issue 30).
      body: JSON.stringify({ status: 'rejected', reason: 'Approved in error.' }),
    });
    expect(res.status).toBe(200);
    const code = await Promise.race([
      closed,
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000)),
    ]);
    expect(code).toBe(4403);
    console.log(
      `socket closed ${Date.now() - decided} ms after the decision on the other instance`,
    );
  }, 20_000);

  it('listens again after PostgreSQL drops the listening connection, and tells sockets to catch up', async () => {
    const [first, second] = urls as [string, string];
    const kofi = await openPastorSocket(second, { cookie: cookies.kofi! });
    try {
      // Both instances lose their LISTEN connection (as in a failover or a network cut).
      const ended = await admin(async (c) => {
        const res = await c.query(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
           where datname = $1 and query ilike 'listen %'`,
          [name],
        );
        return res.rowCount;
      });
      expect(ended).toBe(2);
      await kofi.next((e) => e.type === 'resync', 15_000);
      const res = await fetch(`${first}/api/pastor/conversations/${ids.kofi}/messages`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie: cookies.ama!, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'After the connection came back' }),
      });
      expect(res.status).toBe(201);
      await kofi.next(
        (e) =>
          e.type === 'message' &&
          (e.message as { text: string }).text === 'After the connection came back',
      );
    } finally {
      kofi.close();
    }
  });
});
