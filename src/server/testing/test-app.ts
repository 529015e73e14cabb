import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp.ts';
import { testConfig } from './test-config.ts';
import { createTestDatabase, type PooledTestDatabase } from './test-database.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  dataDir: string;
  /** With `smtp: true`: the SMTP server the app delivers mail to (no dev mailbox). */
  smtp?: FakeSmtp;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  build?: Omit<BuildOptions, 'database'>;
  smtp?: boolean;
  /** PostgreSQL only: the database reached through a pooler (decision 045). */
  pooled?: PooledTestDatabase;
  /** Settings that name the test's own database (its URL), e.g. DATABASE_URL. */
  databaseEnv?: (database: Database) => Record<string, string>;
}

/**
 * A real app on a fresh migrated database, for HTTP tests with `app.inject`. `smtp: true`
 * delivers its mail to a local SMTP server (`t.smtp`) instead of the dev mailbox.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-app-'));
  const smtp = options.smtp ? await startFakeSmtp() : undefined;
  const database = await createTestDatabase(inject('testDatabase'), options.pooled);
  let config: Config;
  try {
    config = testConfig(dataDir, {
      ...options.env,
      ...options.databaseEnv?.(database),
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp(config, { webDir: null, ...options.build, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    dataDir,
    ...(smtp ? { smtp } : {}),
    async close() {
      await app.close();
      await database.close();
      await smtp?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of a file or a describe block: created before its tests (`options` read then,
 * so they may name servers another hook started), closed after them. The object is filled in
 * by `beforeAll`: keep it and read its fields in the tests.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  const t = {} as TestApp;
  let created: TestApp | undefined;
  beforeAll(async () => {
    created = await createTestApp(typeof options === 'function' ? options() : options);
    Object.assign(t, created);
  });
  afterAll(async () => {
    await created?.close();
  });
  return t;
}
