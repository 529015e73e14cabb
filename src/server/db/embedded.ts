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

/**
 * PGlite's own start parameters, then ours (issue 16 #6, decision 017): PostgreSQL's default
 * 128 MB of shared buffers live in the process's WebAssembly memory and doubled the idle
 * footprint; one church's data fits in far less, and the operating system caches the files.
 */
export const EMBEDDED_SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
};

export function embeddedStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

export async function openEmbedded(dataDir: string): Promise<Embedded> {
  fs.mkdirSync(dataDir, { recursive: true });
  // Two processes on one PGlite directory silently lose writes: hold a lock while open.
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
      startParams: embeddedStartParams(),
    });
    return { client, release };
  } catch (error) {
    await release();
    throw error;
  }
}
