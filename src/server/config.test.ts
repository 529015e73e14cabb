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
});
