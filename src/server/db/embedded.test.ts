import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createFromTemplate,
  hasTemplate,
  installedPgliteVersion,
  openEmbedded,
  TEMPLATE_INFO_FILE,
  type TemplateInfo,
} from './embedded.ts';

const info = JSON.parse(fs.readFileSync(TEMPLATE_INFO_FILE, 'utf8')) as TemplateInfo;

async function systemIdentifier(dataDir: string) {
  const { client, release } = await openEmbedded(dataDir);
  try {
    const { rows } = await client.query<{ id: string }>(
      'select system_identifier::text as id from pg_control_system()',
    );
    return rows[0]!.id;
  } finally {
    await client.close();
    await release();
  }
}

describe('the embedded database template (decision 019)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-template-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('was made by the installed PGlite (after an update, run `npm run db:template`)', () => {
    expect(
      info.pglite,
      'src/server/db/embedded-template.* were made by another PGlite: run `npm run db:template`',
    ).toBe(installedPgliteVersion());
    expect(hasTemplate()).toBe(true);
  });

  it('is where a new data directory comes from, and what is written there stays', async () => {
    const dataDir = path.join(root, 'new');
    expect(await systemIdentifier(dataDir)).toBe(info.systemIdentifier);
    const { client, release } = await openEmbedded(dataDir);
    await client.exec('create table kept (n int); insert into kept values (7)');
    await client.close();
    await release();
    const again = await openEmbedded(dataDir);
    expect((await again.client.query('select n from kept')).rows).toEqual([{ n: 7 }]);
    await again.client.close();
    await again.release();
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pgdata']);
  }, 120_000);

  it('recovers from a first start killed half-way, keeping what it cannot read', async () => {
    const dataDir = path.join(root, 'interrupted');
    // A copy that never got renamed into place, and an initdb that never finished.
    fs.mkdirSync(path.join(dataDir, 'pgdata.new', 'base'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'pgdata', 'global'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'global', 'pg_control'), 'half');
    expect(await createFromTemplate(dataDir)).toBe(true);
    expect(await systemIdentifier(dataDir)).toBe(info.systemIdentifier);
    const names = fs.readdirSync(dataDir).sort();
    expect(names[0]).toBe('pgdata');
    expect(names[1]).toMatch(/^pgdata\.incomplete-\d+$/);
    expect(names).toHaveLength(2);
  }, 120_000);

  it('leaves an existing cluster alone', async () => {
    const dataDir = path.join(root, 'new');
    const before = fs.statSync(path.join(dataDir, 'pgdata', 'PG_VERSION')).mtimeMs;
    expect(await createFromTemplate(dataDir)).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'pgdata', 'PG_VERSION')).mtimeMs).toBe(before);
  });
});
