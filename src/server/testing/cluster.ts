import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadSecrets } from '../platform/secrets.ts';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp.ts';
import { freePort } from './free-port.ts';
import { startHaproxy, type Haproxy } from './haproxy.ts';
import { startPgBouncer, type PgBouncer } from './pgbouncer.ts';
import { startS3rver } from './s3rver.ts';
const repoRoot = path.resolve(import.meta.dirname, '../../..');

// Several Flock instances on one PostgreSQL server, on loopback, as an operator would run them
// (decision 048): HAProxy in front (deploy/haproxy.cfg, health checks on /api/ready, no sticky
// sessions), optionally PgBouncer in transaction mode between them and PostgreSQL, files in an
// S3-compatible server (s3rver), mail to an SMTP sink. `npm run cluster`, the kill-under-load
// test and the cluster bench all start it from here.

export const CLUSTER_BUCKET = 'flock-cluster';

export interface ClusterOptions {
  /** App instances behind the proxy (default 3). */
  instances?: number;
  /** Through PgBouncer in transaction mode (default true). */
  pgbouncer?: boolean;
  /** The PostgreSQL server (a database on it; the cluster's own database is made beside it). */
  serverUrl?: string;
  /**
   * The database the instances use: made if missing, and `keep`: left there when the cluster
   * stops (npm run cluster). Otherwise a new one, dropped on stop.
   */
  database?: { name: string; keep: boolean };
  /** The proxy's port (default: a free one). */
  port?: number;
  /** Added to every instance's environment. */
  env?: Record<string, string>;
  /** Where the instances' output goes besides their own buffer (npm run cluster prints it). */
  onOutput?: (instance: string, text: string) => void;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** The running process, if any. */
  process(): ChildProcess | null;
  /** Starts it (again) on its port and waits until it is ready. */
  start(): Promise<void>;
  /** Sends `signal`; resolves with the exit code once the process has exited. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  output(): string;
}

export interface Cluster {
  /** The proxy: what members use. */
  url: string;
  instances: Instance[];
  /** The database the instances use, on the PostgreSQL server itself (not the pooler). */
  databaseUrl: string;
  smtp: FakeSmtp;
  s3: { endpoint: string; bucket: string };
  haproxy: Haproxy;
  pgbouncer: PgBouncer | null;
  authSecret: string;
  /** Stops everything it started, instances first (SIGTERM: they drain). */
  stop(): Promise<void>;
}

export const DEFAULT_SERVER_URL =
  process.env.CLUSTER_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(serverUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function databaseUrlOf(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitReady(url: string, child: ChildProcess, output: () => string, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the instance exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`not ready after ${limitMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 3;
  const serverUrl = options.serverUrl ?? DEFAULT_SERVER_URL;
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    stops.length = 0;
  };

  try {
    // The database: the instances migrate it as they start (the first one; the others wait
    // on the migrations' lock).
    const name = options.database?.name ?? `flock_cluster_${randomBytes(4).toString('hex')}`;
    const exists = await onServer(serverUrl, 'select 1 from pg_database where datname = $1', [
      name,
    ]);
    if (exists.rowCount === 0) await onServer(serverUrl, `create database "${name}"`);
    if (!options.database?.keep) {
      stops.push(() => onServer(serverUrl, `drop database if exists "${name}" with (force)`));
    }
    const databaseUrl = databaseUrlOf(serverUrl, name);

    const pgbouncer = options.pgbouncer === false ? null : await startPgBouncer(serverUrl);
    if (pgbouncer) stops.push(() => pgbouncer.stop());

    const smtp = await startFakeSmtp();
    stops.push(() => smtp.close());

    const localS3 = await startS3rver(CLUSTER_BUCKET);
    stops.push(() => localS3.close());
    const s3 = { endpoint: localS3.settings.endpoint, bucket: CLUSTER_BUCKET };

    // One data directory for all: the secrets every instance must share (sessions signed by
    // one are read by another), made here before any instance starts. Files go to S3.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-cluster-data-'));
    stops.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const secrets = loadSecrets(dataDir, {});

    const proxyPort = options.port ?? (await freePort());
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      CONTENT_DIR: path.join(repoRoot, 'content'),
      AUTH_SECRET: secrets.authSecret,
      // The members' addresses come from HAProxy's X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: smtp.url,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: localS3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: localS3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      LOG_LEVEL: 'warn',
      ...(pgbouncer
        ? {
            DATABASE_URL: pgbouncer.through(databaseUrl),
            DATABASE_POOL_MODE: 'transaction',
            DATABASE_DIRECT_URL: databaseUrl,
          }
        : { DATABASE_URL: databaseUrl }),
      ...options.env,
    };

    const instances = ports.map((port, i): Instance => {
      const name = `app${i + 1}`;
      const url = `http://127.0.0.1:${port}`;
      let child: ChildProcess | null = null;
      let output = '';
      const keep = (chunk: Buffer) => {
        const text = chunk.toString();
        output = (output + text).slice(-20_000);
        options.onOutput?.(name, text);
      };
      const instance: Instance = {
        name,
        port,
        url,
        process: () => child,
        async start() {
          if (child && child.exitCode === null && child.signalCode === null) {
            throw new Error(`${name} is already running`);
          }
          const started = spawn(process.execPath, [path.join(repoRoot, 'src/server/main.ts')], {
            cwd: repoRoot,
            env: { ...env, PORT: String(port) },
            stdio: ['ignore', 'pipe', 'pipe'],
            // A group of its own: a Ctrl-C in the terminal reaches the cluster, which drains
            // each instance once (a second signal would stop it at once, decision 046).
            detached: true,
          });
          child = started;
          started.stdout!.on('data', keep);
          started.stderr!.on('data', keep);
          await waitReady(url, started, () => output);
        },
        signal(signal) {
          const running = child;
          if (!running || running.exitCode !== null || running.signalCode !== null) {
            return Promise.resolve(running?.exitCode ?? null);
          }
          return new Promise((resolve) => {
            running.once('exit', (code) => resolve(code));
            running.kill(signal);
          });
        },
        output: () => output,
      };
      return instance;
    });
    stops.push(async () => {
      await Promise.all(
        instances.map(async (instance) => {
          const child = instance.process();
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const killed = setTimeout(() => child.kill('SIGKILL'), 30_000);
          await instance.signal('SIGTERM');
          clearTimeout(killed);
        }),
      );
    });

    // The first migrates; the others then start side by side.
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));

    const haproxy = await startHaproxy(proxyPort, ports);
    stops.splice(stops.length - 1, 0, () => haproxy.stop()); // stopped after the instances
    // Every instance answered /api/ready above, and HAProxy starts with its servers up: ready
    // once the proxy answers.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const up = await fetch(`${publicUrl}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`the proxy is not ready:\n${haproxy.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    return {
      url: publicUrl,
      instances,
      databaseUrl,
      smtp,
      s3,
      haproxy,
      pgbouncer,
      authSecret: secrets.authSecret,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
