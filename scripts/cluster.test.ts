import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/server/config-env.ts';
import { HAPROXY_CONFIG, loopbackConfig } from '../src/server/testing/haproxy.ts';
import { loopbackIni, PGBOUNCER_CONFIG } from '../src/server/testing/pgbouncer.ts';

// Decision 048: `npm run cluster` (and the tests) run production's proxy and pooler files,
// changed only in where they listen and what they point at; compose.yaml runs the same files.
// These checks keep the three from drifting apart; HAProxy itself checks both files in the
// cluster test (tests/cluster), which needs it anyway.

const root = path.resolve(import.meta.dirname, '..');
const compose = fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8');
const haproxyCfg = fs.readFileSync(HAPROXY_CONFIG, 'utf8');
const pgbouncerIni = fs.readFileSync(PGBOUNCER_CONFIG, 'utf8');

/** The lines of the compose file's `app` service (down to the next service). */
const appService = /\n {2}app:\n([\s\S]*?)\n {2}\S/.exec(compose)![1]!;
/** The settings compose.yaml gives the app. */
const appKeys = () => [...appService.matchAll(/^ {6}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);

describe('the cluster runs what production runs', () => {
  it('renders deploy/haproxy.cfg for loopback, changing only the bind, the servers and the resolver', () => {
    const rendered = loopbackConfig(haproxyCfg, 8080, [4001, 4002]);
    expect(rendered).toContain('  bind 127.0.0.1:8080');
    expect(rendered).toContain('  server app1 127.0.0.1:4001 check');
    expect(rendered).toContain('  server app2 127.0.0.1:4002 check');
    const kept = (text: string) =>
      text
        .slice(0, text.indexOf('\nresolvers '))
        .split('\n')
        .filter((line) => !/^\s*(bind|server-template|server)\s/.test(line));
    expect(kept(rendered + '\nresolvers ')).toEqual(kept(haproxyCfg));
    // The health check is the readiness route, which turns 503 on SIGTERM (decision 046).
    expect(haproxyCfg).toMatch(/option httpchk GET \/api\/ready/);
    // No sticky sessions in the backend (the frontend's stick table only counts connections).
    const backend = /\nbackend flock\n([\s\S]*?)(\n\S|$)/.exec(haproxyCfg)![1]!;
    expect(backend).not.toMatch(/^\s*(cookie|stick|balance source)/m);
    expect(haproxyCfg).not.toMatch(
      /^\s*(cookie|stick (on|match|store-request|store-response)|balance source)/m,
    );
  });

  it('renders deploy/pgbouncer/pgbouncer.ini changing only the keys given', () => {
    const rendered = loopbackIni(pgbouncerIni, { listen_port: '7000', auth_type: 'trust' });
    const changed = rendered.split('\n').filter((line, i) => line !== pgbouncerIni.split('\n')[i]);
    expect(changed).toEqual(['listen_port = 7000', 'auth_type = trust']);
    expect(pgbouncerIni).toMatch(/^pool_mode = transaction$/m);
    expect(() => loopbackIni(pgbouncerIni, { no_such_key: '1' })).toThrow(/no_such_key/);
  });

  it('compose.yaml runs those files, in transaction mode, with as many instances as servers', () => {
    expect(compose).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg');
    expect(compose).toContain('build: ./deploy/pgbouncer');
    const replicas = Number(/replicas: (\d+)/.exec(appService)?.[1]);
    const slots = Number(/server-template app (\d+) app:(\d+)/.exec(haproxyCfg)?.[1]);
    expect(replicas).toBe(slots);
    // The image listens on 3000; HAProxy asks there, and PgBouncer listens where the app calls.
    expect(haproxyCfg).toMatch(/server-template app \d+ app:3000 /);
    const port = /listen_port = (\d+)/.exec(pgbouncerIni)?.[1];
    expect(appService).toContain(`@pgbouncer:${port}/flock`);
    expect(pgbouncerIni).toMatch(/^\* = host=db port=5432$/m);
    expect(appService).toMatch(/DATABASE_POOL_MODE: transaction/);
    expect(appService).toMatch(/DATABASE_DIRECT_URL: postgres:\/\/\S+@db:5432\/flock/);
    // Longer than the drain may take (SHUTDOWN_TIMEOUT_MS, 25 s by default).
    const grace = Number(/stop_grace_period: (\d+)s/.exec(appService)?.[1]);
    expect(grace * 1000).toBeGreaterThan(envSchema.parse({}).SHUTDOWN_TIMEOUT_MS);
    // Every setting the app is given is one Flock reads.
    const keys = appKeys();
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(Object.keys(envSchema.shape), key).toContain(key);
  });

  it('compose.yaml gives the app every SMS, USSD and WhatsApp setting Flock reads (issue 47)', () => {
    // A gateway's setting left out of compose would run production on its default: USSD off
    // at best, SMS in the dev outbox, a guard missing.
    const gateways = Object.keys(envSchema.shape).filter((key) =>
      /^(SMS|USSD|WHATSAPP)_/.test(key),
    );
    expect(gateways).toEqual(expect.arrayContaining(['SMS_PROVIDER', 'USSD_SECRET']));
    const keys = appKeys();
    for (const key of gateways) expect(keys, `compose.yaml app: ${key}`).toContain(key);
  });

  it('deploy/haproxy.cfg cuts slow headers and caps connections per source (issue 47)', () => {
    const seconds = Number(/^\s*timeout http-request (\d+)s$/m.exec(haproxyCfg)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(seconds).toBeLessThanOrEqual(15);
    expect(haproxyCfg).toMatch(/^\s*stick-table type ip(v6)? size \S+ expire \S+ store conn_cur/m);
    expect(haproxyCfg).toMatch(/^\s*tcp-request connection track-sc0 src$/m);
    const limit = Number(
      /^\s*tcp-request connection reject if \{ sc_conn_cur\(0\) gt (\d+) \}$/m.exec(
        haproxyCfg,
      )?.[1],
    );
    // Above what one church's Wi-Fi or a carrier's shared address holds, far below maxconn.
    const maxconn = Number(/^\s*maxconn (\d+)$/m.exec(haproxyCfg)?.[1]);
    expect(limit).toBeGreaterThanOrEqual(100);
    expect(limit * 8).toBeLessThanOrEqual(maxconn);
  });
});
