import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, repoRoot, type TestApp } from '../testing/test-app.ts';
import { ContentError, loadContent } from './content.ts';
import { assemblies, devotionalDays, sermons } from './schema.ts';

describe('content files', () => {
  let t: TestApp;
  let contentDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-content-'));
    fs.cpSync(path.join(repoRoot, 'content'), contentDir, { recursive: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(contentDir, { recursive: true, force: true });
  });

  it('loads 9 assemblies, 10 sermons and 21 devotional days at start', async () => {
    expect(await t.db.select().from(assemblies)).toHaveLength(9);
    expect(await t.db.select().from(sermons)).toHaveLength(10);
    const days = await t.db
      .select()
      .from(devotionalDays)
      .where(eq(devotionalDays.weekId, 15))
      .orderBy(asc(devotionalDays.day));
    expect(days).toHaveLength(21);
    expect(days.some((d) => d.documentUrl === null)).toBe(true);
    expect(days.some((d) => d.documentUrl !== null)).toBe(true);
  });

  it('does nothing when the files have not changed, keeping later edits', async () => {
    await t.db
      .update(sermons)
      .set({ title: 'Edited by an admin' })
      .where(eq(sermons.id, 'sermon-01'));
    expect(await loadContent(t.db, contentDir)).toEqual([]);
    const [s] = await t.db.select().from(sermons).where(eq(sermons.id, 'sermon-01'));
    expect(s?.title).toBe('Edited by an admin');
  });

  it('applies a file again when the church edits it', async () => {
    const file = path.join(contentDir, 'sermons.json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    data.sermons[0].title = 'New title from the file';
    fs.writeFileSync(file, JSON.stringify(data));
    expect(await loadContent(t.db, contentDir)).toEqual(['sermons']);
    const [s] = await t.db.select().from(sermons).where(eq(sermons.id, 'sermon-01'));
    expect(s?.title).toBe('New title from the file');
  });

  it('retires an assembly removed from the file without deleting it', async () => {
    const file = path.join(contentDir, 'assemblies.json');
    const list = JSON.parse(fs.readFileSync(file, 'utf8')) as { slug: string }[];
    fs.writeFileSync(file, JSON.stringify(list.filter((a) => a.slug !== 'hope')));
    await loadContent(t.db, contentDir);
    const [hope] = await t.db.select().from(assemblies).where(eq(assemblies.slug, 'hope'));
    expect(hope?.active).toBe(false);
  });

  it('names the file and field of a mistake', async () => {
    const file = path.join(contentDir, 'sermons.json');
    fs.writeFileSync(file, JSON.stringify({ sermons: [{ id: 'x', title: 'T', videoId: 'bad' }] }));
    await expect(loadContent(t.db, contentDir)).rejects.toThrow(ContentError);
    await expect(loadContent(t.db, contentDir)).rejects.toThrow(
      /sermons\.json[\s\S]*sermons\.0\.videoId/,
    );
  });
});
