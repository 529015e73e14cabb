import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureMessages } from '../../../scripts/ensure-messages.ts';
import { openPostgres, wrapPglite } from '../db/client.ts';
import { embeddedStartParams, hasTemplate, templateTar } from '../db/embedded.ts';
import { withDatabaseName, type TestDatabaseInfo } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

// Migrates once per run; test files clone the result (see test-database.ts).
export default async function setup(project: TestProject) {
  // Test files import the compiled message catalogue (decision 042), even when run by npx.
  ensureMessages();
  const serverUrl = process.env.TEST_DATABASE_URL;

  if (serverUrl) {
    const template = `flock_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    try {
      await admin.connect();
    } catch (error) {
      throw new Error(
        `TEST_DATABASE_URL is set but PostgreSQL is not reachable (${(error as Error).message}). ` +
          'Start PostgreSQL or unset TEST_DATABASE_URL to test on embedded PGlite.',
        { cause: error },
      );
    }
    await admin.query(`drop database if exists "${template}"`);
    await admin.query(`create database "${template}"`);
    const database = await openPostgres(withDatabaseName(serverUrl, template), { max: 1 });
    await database.migrate();
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', source: template });
    console.log(`[tests] database: PostgreSQL (${new URL(serverUrl).host}), template ${template}`);

    return async () => {
      // Drop the template and any database a crashed test file of this run left behind
      // (only this run's: other runs on the same server may be going on).
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $2 or datname = $1`,
        [template, `flock\\_t\\_${process.pid}\\_%`],
      );
      for (const { datname } of leftovers.rows) {
        await admin.query(`drop database if exists "${datname}" with (force)`);
      }
      await admin.end();
    };
  }

  // From the shipped template, as the app's own first start (decision 019), not initdb.
  // Test files copy this directory (test-database.ts); the copies sit beside it, and go with it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-test-'));
  const migrated = path.join(dir, 'migrated');
  const client = await PGlite.create(migrated, {
    startParams: embeddedStartParams(),
    ...(hasTemplate() ? { loadDataDir: new Blob([new Uint8Array(templateTar())]) } : {}),
  });
  await wrapPglite(client).migrate();
  await client.close();
  project.provide('testDatabase', { kind: 'pglite', source: migrated });
  console.log('[tests] database: embedded PGlite (set TEST_DATABASE_URL to use PostgreSQL)');

  return () => fs.rmSync(dir, { recursive: true, force: true });
}
