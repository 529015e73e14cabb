import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import { start, waitReady, type Started } from '../testing/server-process.ts';
import { repoRoot } from '../testing/test-app.ts';
import { withDatabaseName } from '../testing/test-database.ts';

// A rolling deploy's SIGTERM (issue 36, decision 046) on the real entry point, as a supervisor
// runs it: on the embedded database, or on PostgreSQL with TEST_DATABASE_URL. The slow request
// is the test's own: a request whose body it sends in two halves, SIGTERM between them.

const serverUrl = process.env.TEST_DATABASE_URL;

/** A POST /api/support whose body the test finishes when it likes. */
function slowSupportRequest(port: number) {
  const body = JSON.stringify({
    full_name: 'Ama Mensah',
    email: 'ama@example.com',
    title: 'Sent across a deploy',
    issue: 'Does it arrive?',
  });
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/support',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: `http://localhost:${port}`,
      },
    });
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    request.on('error', reject);
    request.write(body.slice(0, half));
    finish = () => request.end(body.slice(half));
  });
  response.catch(() => {}); // awaited by the test that finishes it
  return { response, finish: () => finish() };
}

const statusOf = async (port: number, url: string) =>
  (await fetch(`http://127.0.0.1:${port}${url}`)).status;

/** `/api/ready`'s answer once it stops being 200, or 200 after a second of asking. */
async function readyAfterSignal(port: number, signalled: number) {
  let ready = 200;
  while (ready === 200 && Date.now() - signalled < 1000) ready = await statusOf(port, '/api/ready');
  return ready;
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms),
    ),
  ]);

describe(`SIGTERM drains the real server (${serverUrl ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-drain-'));
  const running: Started[] = [];
  const env: Record<string, string> = {};
  let databaseName: string | undefined;

  beforeAll(async () => {
    if (!serverUrl) return;
    databaseName = `flock_drain_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    env.DATABASE_URL = withDatabaseName(serverUrl, databaseName);
  });

  afterAll(async () => {
    for (const s of running) s.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    }
  });

  const startServer = async (settings: Record<string, string>) => {
    const port = await freePort();
    const server = start(dataDir, port, { ...env, LOG_LEVEL: 'info', ...settings });
    running.push(server);
    await waitReady(port, server, 120_000);
    return { port, server };
  };

  it('is not ready at once, serves the grace period, finishes the request in flight and exits 0', async () => {
    const { port, server } = await startServer({
      SHUTDOWN_GRACE_MS: '1500',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    const slow = slowSupportRequest(port);
    await new Promise((r) => setTimeout(r, 200)); // the first half is on the server

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // Not ready at once: the proxy's next health check takes the instance out.
    expect(await readyAfterSignal(port, signalled)).toBe(503);
    expect(Date.now() - signalled).toBeLessThan(1000);
    // New requests are still served while the proxy has not noticed.
    expect(await statusOf(port, '/api/health')).toBe(200);

    // Past the grace period the server is closing, and waits for the request in flight.
    await new Promise((r) => setTimeout(r, 2000));
    expect(server.child.exitCode).toBeNull();
    slow.finish();
    const answered = await slow.response;
    expect(answered.status, answered.body).toBe(201);

    expect(await within(server.exited, 10_000)).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(20_000);
    expect(server.output()).toContain('draining');
  }, 180_000);

  it('exits 1 once SHUTDOWN_TIMEOUT_MS passes when a request never finishes', async () => {
    const { port, server } = await startServer({
      SHUTDOWN_GRACE_MS: '200',
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    const stuck = slowSupportRequest(port);
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await within(server.exited, 10_000)).toBe(1);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1900);
    expect(server.output()).toContain('shutdown took longer than 2000 ms');
    await stuck.response.catch(() => {}); // cut off with the process
  }, 180_000);

  it('ends within SHUTDOWN_TIMEOUT_MS while nobody reads its output (decision 057)', async () => {
    // As a log collector that stalled, or a parent that stopped reading after a run: the
    // server's log lines fill the pipe. Written from the main thread, the next line blocked
    // the whole process, SIGTERM and the timeout's timer included: only SIGKILL ended it.
    const { port, server } = await startServer({
      LOG_LEVEL: 'debug',
      SHUTDOWN_GRACE_MS: '200',
      SHUTDOWN_TIMEOUT_MS: '3000',
    });
    server.child.stdout!.removeAllListeners('data');
    server.child.stdout!.pause();
    const held = slowSupportRequest(port);
    // Each request logs its long URL twice: 300 of them are megabytes, more than a pipe holds.
    const pad = 'x'.repeat(4000);
    for (let sent = 0; sent < 300; sent += 20) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`http://127.0.0.1:${port}/api/health?pad=${pad}`, {
            signal: AbortSignal.timeout(2000),
          }).then(
            (response) => response.arrayBuffer(),
            () => undefined,
          ),
        ),
      );
    }
    // It still answers while its output waits.
    expect(await within(statusOf(port, '/api/health'), 2000)).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The held request keeps it past the grace period: the timeout ends it, with 1.
    expect(await within(server.exited, 10_000)).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(3000 + 2000);
    await held.response.catch(() => {}); // cut off with the process
  }, 180_000);

  it('exits 1 at once on a second signal while draining', async () => {
    const { port, server } = await startServer({
      SHUTDOWN_GRACE_MS: '20000',
      SHUTDOWN_TIMEOUT_MS: '60000',
    });
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await readyAfterSignal(port, signalled)).toBe(503);
    server.child.kill('SIGINT');
    expect(await within(server.exited, 5_000)).toBe(1);
    expect(server.output()).toContain('second signal');
  }, 180_000);
});

describe('SIGTERM while the server starts, as PID 1 of a container (decision 057)', () => {
  it('stops it at once instead of being dropped', async () => {
    // `unshare --pid --fork`: the server is PID 1 of a namespace of its own, as in a container
    // (root only; the machines are). The kernel drops a signal PID 1 does not handle itself:
    // without a handler of ours until the app was built, the start went on until SIGKILL.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pid1-'));
    const port = await freePort();
    const child = spawn(
      'unshare',
      ['--pid', '--fork', process.execPath, path.join(repoRoot, 'src/server/main.ts')],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: '',
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          SMTP_URL: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    // Its first line (no SMTP_URL: mail is kept) comes while the app is being built.
    const starting = new Promise<void>((resolve) => {
      const keep = (chunk: Buffer) => {
        output += chunk;
        resolve();
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
    });
    await within(starting, 60_000);
    const server = Number(
      fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim(),
    );
    expect(server, output).toBeGreaterThan(0);
    const ready = await statusOf(port, '/api/ready').catch(() => 0);
    process.kill(server, 'SIGTERM');
    try {
      expect(ready, 'still starting').not.toBe(200);
      expect(await within(exited, 10_000), output).not.toBeNull();
      expect(output).toContain('SIGTERM while starting');
    } finally {
      child.kill('SIGKILL');
      try {
        process.kill(server, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
