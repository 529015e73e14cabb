import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { applicationFiles } from '../db/schema.ts';
import { memberSession } from '../testing/accounts.ts';
import { give } from '../testing/finance.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testConfig } from '../testing/test-config.ts';
import { withDatabaseName } from '../testing/test-database.ts';
import { uploadApplicantFiles } from '../testing/workers.ts';
import { restoreBackup, rowCounts, writeBackup, type BackupFormat } from './backup.ts';

// A backup taken while the app runs and takes gifts, restored into a fresh instance: the
// same rows, the same files, and the old session and file links still work (the secrets
// come back too). On the database this run uses (PGlite, or TEST_DATABASE_URL).

describe('backup and restore', () => {
  let t: TestApp;
  let cookie: string;
  let fileKey: string;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-backup-test-'));
  const made: { url: string; name: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_MOMO_DELAY_MS: '600000' } });
    cookie = await memberSession(t, 'kept@example.com');
    await give(t, cookie, { paymentMethod: 'cash', type: 'tithe', amount: '12.50' });
    await uploadApplicantFiles(t, cookie);
    const [file] = await t.db.select().from(applicationFiles).limit(1);
    fileKey = file!.storageKey;
  });
  afterAll(async () => {
    await t?.close();
    for (const { url, name } of made) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** A fresh, empty PostgreSQL database on the test server. */
  async function emptyDatabase(): Promise<string> {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `flock_restore_${process.pid}_${made.length}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    made.push({ url: server, name });
    return withDatabaseName(server, name);
  }

  const formats: (BackupFormat | 'postgres-default')[] = process.env.TEST_DATABASE_URL
    ? ['postgres-default', 'json']
    : ['pglite'];

  it.each(formats)(
    'restores a backup taken under load (%s)',
    { timeout: 120_000 },
    async (format) => {
      const out = path.join(scratch, `backup-${format}`);
      // Gifts keep coming while the backup is taken.
      const [manifest] = await Promise.all([
        writeBackup({ database: t.database, dataDir: t.dataDir, out, pgDump: format !== 'json' }),
        ...Array.from({ length: 5 }, (_, i) =>
          give(t, cookie, { paymentMethod: 'cash', type: 'tithe', amount: `${i + 1}` }),
        ),
      ]);
      expect(manifest.files).toBeGreaterThanOrEqual(2);
      expect(fs.existsSync(`${out}.partial`)).toBe(false);

      const dataDir = path.join(scratch, `restored-${format}`);
      const databaseUrl = t.database.kind === 'postgres' ? await emptyDatabase() : undefined;
      await restoreBackup({ from: out, dataDir, databaseUrl });

      const database: Database = databaseUrl
        ? await openPostgres(databaseUrl, { max: 2 })
        : await openPglite(dataDir);
      const config = testConfig(dataDir);
      const restored = await buildApp(config, { database, ownsDatabase: true, webDir: null });
      try {
        // The same rows: every table has at least what the snapshot counted (gifts given
        // during the backup may be in it too).
        const after = await rowCounts(async (text) => {
          const result = (await database.db.execute(text as never)) as unknown as {
            rows: Record<string, unknown>[];
          };
          return { rows: result.rows };
        });
        for (const [table, count] of Object.entries(manifest.rows)) {
          expect(after[table], table).toBeGreaterThanOrEqual(count);
        }
        // The member's session, history and profile, as before.
        const profile = await restored.inject({ url: '/api/profile', headers: { cookie } });
        expect(profile.statusCode).toBe(200);
        expect(profile.body).toContain('kept@example.com');
        const before = (await t.app.inject({ url: '/api/history', headers: { cookie } })).json()
          .entries as { id: string }[];
        const history = (await restored.inject({ url: '/api/history', headers: { cookie } })).json()
          .entries as { id: string }[];
        expect(history.length).toBeGreaterThanOrEqual(1);
        expect(before.map((e) => e.id)).toEqual(expect.arrayContaining(history.map((e) => e.id)));
        // The same file bytes, through a link the restored instance signs.
        const original = await t.app.ctx.storage.get(fileKey);
        const link = new URL(
          await restored.ctx.storage.signedUrl(fileKey, { expiresInSeconds: 60 }),
          'http://x',
        );
        const file = await restored.inject({ url: link.pathname + link.search });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(original!.body)).toBe(true);
      } finally {
        await restored.close();
      }
    },
  );

  it('refuses to restore over data that is there, or from a folder that is not a backup', async () => {
    await expect(restoreBackup({ from: scratch, dataDir: t.dataDir })).rejects.toThrow(
      /not a Flock backup/,
    );
    const out = path.join(scratch, 'backup-again');
    await writeBackup({ database: t.database, dataDir: t.dataDir, out });
    await expect(restoreBackup({ from: out, dataDir: t.dataDir })).rejects.toThrow(/not empty/);
    await expect(writeBackup({ database: t.database, dataDir: t.dataDir, out })).rejects.toThrow(
      /already exists/,
    );
  });
});
