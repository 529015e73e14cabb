import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSession, ORIGIN, someClient } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { migrationsFolder } from './client.ts';

// Decision 046: a new version's migrations run while the previous version still serves. This
// test is the current code as "the old version", its database at the app's last migration,
// and two consecutive migrations of a made-up next change, renaming `users.location` to
// `users.town` the expand/contract way, applied from a temporary copy of the migrations
// folder (never the app's own) the way the app applies its migrations (drizzle's journal):
//   expand (release N+1): `town` added, nullable, and backfilled; `location` untouched. The
//     old code keeps working, even restarted (its own migrate() is a no-op on the expanded
//     schema), and the new code's queries work too.
//   contract (release N+2, once no N instance serves): `location` dropped. The new code's
//     queries work; the old code's no longer do, which is why a contract waits a release.

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

describe('migrations while the previous version serves (expand/contract)', () => {
  let t: TestApp;
  let cookie: string;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-migrations-'));
  const journalPath = path.join(folder, 'meta', '_journal.json');

  beforeAll(async () => {
    fs.cpSync(migrationsFolder, folder, { recursive: true });
    t = await createTestApp();
    cookie = await memberSession(t, 'ama@example.com');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** Adds a migration to the temporary folder's journal and applies what is pending. */
  async function applyNext(tag: string, statements: string[]) {
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as Journal;
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
    fs.writeFileSync(journalPath, JSON.stringify(journal, null, 2));
    fs.writeFileSync(
      path.join(folder, `${tag}.sql`),
      statements.join('\n--> statement-breakpoint\n'),
    );
    const migrate = t.database.kind === 'postgres' ? migratePg : migratePglite;
    await migrate(t.database.db as never, { migrationsFolder: folder });
  }

  /** What the old version does with members: sign up, read and change a profile, a request. */
  async function oldVersionWorks(email: string) {
    const signedUp = await memberSession(t, email);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: signedUp } });
    expect(me.statusCode, me.body).toBe(200);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: {
        fullName: 'Ama Mensah',
        phoneNumber: '+233241234567',
        assemblyName: 'bethel',
        location: `Kumasi ${email}`,
      },
      headers: { origin: ORIGIN, cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().location).toBe(`Kumasi ${email}`);
    const support = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { full_name: 'Ama Mensah', email, title: 'Across a deploy', issue: 'Still here?' },
      headers: { origin: ORIGIN },
      remoteAddress: someClient(),
    });
    expect(support.statusCode, support.body).toBe(201);
  }

  /** What the next version does: reads `town`, falling back while old rows have none. */
  const newVersionTowns = async () =>
    (
      (await t.database.db.execute(
        sql`select coalesce(town, 'unknown') as town from users order by created_at`,
      )) as unknown as { rows: { town: string }[] }
    ).rows.map((row) => row.town);

  it('keeps the old version working through an expand, and shows why the contract waits', async () => {
    await oldVersionWorks('before@example.com');

    // Release N+1: expand. Added nullable, then backfilled; nothing the old code uses changes.
    await applyNext('9001_expand_users_town', [
      'ALTER TABLE "users" ADD COLUMN "town" text;',
      'UPDATE "users" SET "town" = "location" WHERE "town" IS NULL AND "location" IS NOT NULL;',
    ]);
    // The old version, running since before the migration (its prepared statements included).
    await oldVersionWorks('after-expand@example.com');
    // An old instance restarting mid-deploy: its own migrations are all applied already.
    await t.database.migrate();
    await oldVersionWorks('after-restart@example.com');
    // The new version reads the backfilled value; rows the old code writes meanwhile have no
    // town yet (the new code falls back, and the next release backfills again before dropping).
    expect(await newVersionTowns()).toContain('Kumasi before@example.com');

    // Release N+2, once every instance runs N+1: contract. The backfill again, then the drop.
    await applyNext('9002_contract_users_location', [
      'UPDATE "users" SET "town" = "location" WHERE "location" IS NOT NULL;',
      'ALTER TABLE "users" DROP COLUMN "location";',
    ]);
    expect(await newVersionTowns()).toContain('Kumasi after-restart@example.com');
    // The old version cannot serve against it: the contract must not ship with the expand.
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(profile.statusCode).toBe(500);
  });
});
