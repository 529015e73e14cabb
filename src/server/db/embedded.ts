import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';

// Kept apart from client.ts (and light to import) so start-up can open the embedded
// database while the rest of the server's modules are still loading.

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another Flock process is already using the data directory ${dataDir}.\n` +
        'Stop that process first, or start this one with DATA_DIR set to another folder.',
    );
  }
}

export interface Embedded {
  client: PGlite;
  release: () => Promise<void>;
}

export async function openEmbedded(dataDir: string): Promise<Embedded> {
  fs.mkdirSync(dataDir, { recursive: true });
  // Two processes on one PGlite directory silently lose writes: hold a lock while open.
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, '.flock.lock'),
      stale: 15_000,
      update: 5_000,
      realpath: false,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'));
    return { client, release };
  } catch (error) {
    await release();
    throw error;
  }
}
