import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('needs no settings at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(
      /AUTH_SECRET: must be at least 32 characters/,
    );
  });

  it('wants the S3 settings together', () => {
    expect(() => loadConfig({ S3_BUCKET: 'files' })).toThrow(
      /S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    const config = loadConfig({
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(config.s3).toMatchObject({
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
  });

  it('reads proxy trust as a flag, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads the pool mode and wants a direct URL with a pooler in transaction mode (decision 045)', () => {
    const pooler = 'postgres://flock@pgbouncer:6432/flock';
    const direct = 'postgres://flock@db:5432/flock';
    expect(loadConfig({ DATABASE_URL: pooler })).toMatchObject({
      databasePoolMode: 'session',
      databaseDirectUrl: undefined,
    });
    expect(
      loadConfig({
        DATABASE_URL: pooler,
        DATABASE_POOL_MODE: 'transaction',
        DATABASE_DIRECT_URL: direct,
      }),
    ).toMatchObject({
      databaseUrl: pooler,
      databasePoolMode: 'transaction',
      databaseDirectUrl: direct,
    });
    expect(loadConfig({ DATABASE_URL: pooler, DATABASE_POOL_MODE: '' }).databasePoolMode).toBe(
      'session',
    );
    expect(() => loadConfig({ DATABASE_URL: pooler, DATABASE_POOL_MODE: 'statement' })).toThrow(
      /DATABASE_POOL_MODE: must be session .* or transaction/,
    );
    expect(() => loadConfig({ DATABASE_URL: pooler, DATABASE_POOL_MODE: 'transaction' })).toThrow(
      /DATABASE_DIRECT_URL: must be set when DATABASE_POOL_MODE=transaction.*LISTEN\/NOTIFY/,
    );
    expect(() =>
      loadConfig({ DATABASE_POOL_MODE: 'transaction', DATABASE_DIRECT_URL: direct }),
    ).toThrow(/DATABASE_POOL_MODE=transaction needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: direct })).toThrow(
      /DATABASE_DIRECT_URL: set only with DATABASE_URL/,
    );
    expect(() =>
      loadConfig({
        DATABASE_URL: pooler,
        DATABASE_POOL_MODE: 'transaction',
        DATABASE_DIRECT_URL: 'http://db',
      }),
    ).toThrow(/DATABASE_DIRECT_URL: must be a postgres:\/\/ URL/);
  });

  it('reads a read replica for the reports, only with DATABASE_URL (decision 047)', () => {
    const primary = 'postgres://flock@db:5432/flock';
    const replica = 'postgres://flock@db-standby:5432/flock';
    expect(loadConfig({ DATABASE_URL: primary }).databaseReplicaUrl).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: '' }).databaseReplicaUrl,
    ).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica })).toMatchObject({
      databaseUrl: primary,
      databaseReplicaUrl: replica,
    });
    expect(() => loadConfig({ DATABASE_REPLICA_URL: replica })).toThrow(
      /DATABASE_REPLICA_URL: set only with DATABASE_URL/,
    );
    for (const malformed of ['http://db-standby/flock', 'db-standby:5432', 'not a url']) {
      expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: malformed })).toThrow(
        /DATABASE_REPLICA_URL: must be a postgres:\/\/ URL/,
      );
    }
  });

  it('reads the shutdown grace and timeout, the timeout longer (decision 046)', () => {
    expect(loadConfig({}).shutdown).toEqual({ graceMs: 0, timeoutMs: 25_000 });
    const production = { NODE_ENV: 'production', DEV_MAILBOX: 'true' };
    expect(loadConfig(production).shutdown).toEqual({ graceMs: 5_000, timeoutMs: 25_000 });
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '0', SHUTDOWN_TIMEOUT_MS: '1000' }).shutdown).toEqual({
      graceMs: 0,
      timeoutMs: 1000,
    });
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '25000' })).toThrow(/SHUTDOWN_TIMEOUT_MS must/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '10000', SHUTDOWN_TIMEOUT_MS: '10000' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS must be longer than SHUTDOWN_GRACE_MS/,
    );
  });

  it('refuses production without SMTP unless the dev mailbox is asked for', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: must be set in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).smtpUrl).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.org' }).smtpUrl,
    ).toBe('smtp://mail.example.org');
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org', DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX: cannot be true when SMTP_URL is set/,
    );
    // Outside production a fresh install keeps working with no mail server.
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });
  it('keeps the USSD gateway routes off in production unless named, and named only with a guard (decision 052)', () => {
    const prod = { NODE_ENV: 'production', DEV_MAILBOX: 'true' };
    expect(loadConfig(prod).ussd.gateways).toEqual([]);
    expect(() => loadConfig({ ...prod, USSD_GATEWAYS: 'africastalking' })).toThrow(
      /USSD_GATEWAYS: in production the USSD routes answer only a guarded gateway: set USSD_SECRET .* or USSD_ALLOWED_IPS/,
    );
    expect(
      loadConfig({ ...prod, USSD_GATEWAYS: 'hubtel', USSD_ALLOWED_IPS: '198.51.100.7' }).ussd
        .gateways,
    ).toEqual(['hubtel']);
    expect(
      loadConfig({
        ...prod,
        USSD_GATEWAYS: 'africastalking, hubtel',
        USSD_SECRET: 'a-long-shared-secret',
      }).ussd.gateways,
    ).toEqual(['africastalking', 'hubtel']);
    expect(() => loadConfig({ USSD_GATEWAYS: 'arkesel' })).toThrow(
      /USSD_GATEWAYS\S*: must name africastalking, hubtel or both/,
    );
    // Outside production both answer (the simulator and the tests), guarded or not.
    expect(loadConfig({}).ussd.gateways).toEqual(['africastalking', 'hubtel']);
  });

  it('admits a push service on this machine for tests only, never in production', () => {
    expect(loadConfig({ PUSH_TEST_ORIGIN: 'http://127.0.0.1:9400/x' }).pushTestOrigin).toBe(
      'http://127.0.0.1:9400',
    );
    expect(() => loadConfig({ PUSH_TEST_ORIGIN: 'http://10.0.0.1:80' })).toThrow(
      /PUSH_TEST_ORIGIN: must be http:\/\/127\.0\.0\.1/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DEV_MAILBOX: 'true',
        PUSH_TEST_ORIGIN: 'http://127.0.0.1:9400',
      }),
    ).toThrow(/PUSH_TEST_ORIGIN: for tests only/);
    expect(loadConfig({}).pushTestOrigin).toBeUndefined();
  });
});
