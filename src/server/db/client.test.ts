import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';
import { DataDirLockedError } from './embedded.ts';

describe('embedded database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-lock-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lets only one process open a data directory, and frees it on close', async () => {
    const first = await openPglite(dir);
    // Caught by hand: a failure must not print the whole database object (a million lines).
    const second = await openPglite(dir).then(
      async (db) => {
        await db.close();
        return new Error('a second open of a locked directory succeeded');
      },
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as Error).message).toMatch(/already using the data directory/);
    await first.close();
    const again = await openPglite(dir);
    await again.ping();
    // Kept small (decision 017): the default 128 MB would sit in the process's memory.
    expect(
      await again.query<{ shared_buffers: string }>(
        "select current_setting('shared_buffers') as shared_buffers",
        [],
      ),
    ).toEqual([{ shared_buffers: '16MB' }]);
    await again.close();
    // Opening a new embedded database takes seconds, many more on a busy machine.
  }, 180_000);
});
