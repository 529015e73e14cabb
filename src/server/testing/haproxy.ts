import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findProgram, startListening } from './listening-process.ts';
const repoRoot = path.resolve(import.meta.dirname, '../../..');

// HAProxy (Debian's package, 2.6 here) in front of instances on loopback, for `npm run
// cluster`, the kill-under-load test and the cluster bench (decision 048). Our own process in
// the foreground with the production file, deploy/haproxy.cfg, rendered for loopback: only its
// bind address and its `server-template` line (Docker's service discovery) change.

export const HAPROXY_CONFIG = path.join(repoRoot, 'deploy/haproxy.cfg');

/** The haproxy binary (HAPROXY_PATH, else Debian's places), or null when it is missing. */
export const findHaproxy = () =>
  findProgram('HAPROXY_PATH', ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']);

export const HAPROXY_MISSING =
  'haproxy is not installed: `apt-get install -y haproxy` (Debian 12 has 2.6), or set HAPROXY_PATH. ' +
  'CI installs it in .ci/run.';

/** What a test may shorten (the edge test cannot wait production's 10 s per slow client). */
export interface HaproxyOverrides {
  /** `timeout http-request`, e.g. '1s'. */
  httpRequestTimeout?: string;
}

/**
 * deploy/haproxy.cfg for instances on 127.0.0.1: the frontend binds `port` on loopback, the
 * `server-template` line becomes one `server` line per instance port, and the Docker resolver
 * section is left out. Every other line stays as production has it, but what `overrides` sets.
 */
export function loopbackConfig(
  production: string,
  port: number,
  instancePorts: number[],
  overrides: HaproxyOverrides = {},
): string {
  const lines = production.split('\n');
  const resolvers = lines.findIndex((line) => line.startsWith('resolvers '));
  const kept = resolvers >= 0 ? lines.slice(0, resolvers) : lines;
  let servers = 0;
  let binds = 0;
  let timeouts = 0;
  const rendered = kept.flatMap((line) => {
    if (/^\s*server-template\s/.test(line)) {
      servers++;
      return instancePorts.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`);
    }
    if (/^\s*bind\s/.test(line)) {
      binds++;
      return [`  bind 127.0.0.1:${port}`];
    }
    if (overrides.httpRequestTimeout && /^\s*timeout http-request\s/.test(line)) {
      timeouts++;
      return [`  timeout http-request ${overrides.httpRequestTimeout}`];
    }
    return [line];
  });
  if (servers !== 1 || binds !== 1) {
    throw new Error(`${HAPROXY_CONFIG} must have one bind line and one server-template line`);
  }
  if (overrides.httpRequestTimeout && timeouts !== 1) {
    throw new Error(`${HAPROXY_CONFIG} must have one 'timeout http-request' line`);
  }
  return rendered.join('\n').trimEnd() + '\n';
}

export interface Haproxy {
  url: string;
  port: number;
  pid: number;
  /** What HAProxy wrote (warnings, servers going down and up). */
  log(): string;
  stop(): Promise<void>;
}

/** Starts HAProxy on 127.0.0.1:`port` in front of `instancePorts`; resolves once it listens. */
export async function startHaproxy(
  port: number,
  instancePorts: number[],
  overrides: HaproxyOverrides = {},
): Promise<Haproxy> {
  const binary = findHaproxy();
  if (!binary) throw new Error(HAPROXY_MISSING);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    file,
    loopbackConfig(fs.readFileSync(HAPROXY_CONFIG, 'utf8'), port, instancePorts, overrides),
  );

  // -db: in the foreground, not a daemon; SIGTERM stops it at once.
  const started = await startListening('HAProxy', binary, ['-db', '-f', file], port, {
    cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }),
  });
  return { url: `http://127.0.0.1:${port}`, port, ...started };
}
