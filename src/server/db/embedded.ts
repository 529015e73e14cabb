import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

// Kept apart from client.ts (and light to import) so start-up can open the embedded
// database while the rest of the server's modules are still loading.

export { DataDirLockedError };

export interface Embedded {
  client: PGlite;
  release: () => Promise<void>;
}

export async function openEmbedded(dataDir: string): Promise<Embedded> {
  fs.mkdirSync(dataDir, { recursive: true });
  // Two processes on one PGlite directory silently lose writes: hold a lock while open.
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'));
    return { client, release };
  } catch (error) {
    await release();
    throw error;
  }
}
