import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { findProgram, startListening } from './listening-process.ts';
const repoRoot = path.resolve(import.meta.dirname, '../../..');

// A real PgBouncer (Debian's package, 1.18 here) in front of the test PostgreSQL server, in
// transaction mode, for the tests of decision 045 and the cluster (decision 048). Our own
// process, never the system service, with production's deploy/pgbouncer/pgbouncer.ini where
// only the place changes: loopback only, a free port, trust auth, every database name passed
// through to the server (`*`), so each test's cloned database is reachable.

export const PGBOUNCER_CONFIG = path.join(repoRoot, 'deploy/pgbouncer/pgbouncer.ini');

/**
 * `production` (an ini file) with the values of `settings` in place of its own: the lines
 * `key = value` of those keys are rewritten, every other line is kept. Each key must be there.
 */
export function loopbackIni(production: string, settings: Record<string, string>): string {
  const found = new Set<string>();
  const lines = production.split('\n').map((line) => {
    const key = /^\s*([^;#=\s][^=]*?)\s*=/.exec(line)?.[1];
    if (key === undefined || !Object.hasOwn(settings, key)) return line;
    found.add(key);
    return `${key} = ${settings[key]}`;
  });
  const missing = Object.keys(settings).filter((key) => !found.has(key));
  if (missing.length > 0) throw new Error(`${PGBOUNCER_CONFIG} has no ${missing.join(', ')}`);
  return lines.join('\n');
}

/** The pgbouncer binary (PGBOUNCER_PATH, else Debian's places), or null when it is missing. */
export const findPgBouncer = () =>
  findProgram('PGBOUNCER_PATH', [
    '/usr/sbin/pgbouncer',
    '/usr/bin/pgbouncer',
    '/usr/local/bin/pgbouncer',
  ]);

export const PGBOUNCER_MISSING =
  'pgbouncer is not installed: `apt-get install -y pgbouncer` (Debian 12 has 1.18), or set PGBOUNCER_PATH. ' +
  'CI installs it in .ci/run; this test never passes by skipping there.';

export interface PgBouncer {
  port: number;
  pid: number;
  /** `directUrl` (a database on the PostgreSQL server) reached through this PgBouncer instead. */
  through(directUrl: string): string;
  /** What PgBouncer wrote (it logs to stderr). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer in transaction mode in front of the server of `serverUrl` and resolves once
 * it accepts connections (at most `timeoutMs`). As root it runs as `nobody` (`-u`): PgBouncer
 * refuses to run as root.
 */
export async function startPgBouncer(
  serverUrl: string,
  options: { poolSize?: number; timeoutMs?: number } = {},
): Promise<PgBouncer> {
  const binary = findPgBouncer();
  if (!binary) throw new Error(PGBOUNCER_MISSING);
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const authFile = path.join(dir, 'users.txt');
  const password = decodeURIComponent(server.password);
  fs.writeFileSync(authFile, `"${user}" "${password}"\n`, { mode: 0o644 });
  const ini = path.join(dir, 'pgbouncer.ini');
  const host = server.hostname === 'localhost' ? '127.0.0.1' : server.hostname;
  fs.writeFileSync(
    ini,
    loopbackIni(fs.readFileSync(PGBOUNCER_CONFIG, 'utf8'), {
      '*': `host=${host} port=${server.port || '5432'}${password ? ` password=${password}` : ''}`,
      listen_addr: '127.0.0.1',
      listen_port: String(port),
      auth_type: 'trust',
      auth_file: authFile,
      default_pool_size: String(options.poolSize ?? 8),
      max_client_conn: '200',
    }),
    { mode: 0o644 },
  );

  const args = process.getuid?.() === 0 ? ['-u', 'nobody', ini] : [ini];
  const started = await startListening('PgBouncer', binary, args, port, {
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }),
  });

  return {
    port,
    pid: started.pid,
    through(directUrl) {
      const url = new URL(directUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    log: started.log,
    stop: started.stop,
  };
}
