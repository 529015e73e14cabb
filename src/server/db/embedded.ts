import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { x as extractTar } from 'tar';
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

/**
 * The same settings for initdb, when it has to run (no template for this PGlite): its
 * bootstrap otherwise sizes itself for 128 MB of shared buffers.
 */
export const INITDB_PARAMS = Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => [
  '-c',
  `${name}=${value}`,
]);

// A new data directory starts from a copy of a freshly initialised cluster shipped with the
// code (decision 019), not from PGlite's initdb: initdb runs a second and a third WebAssembly
// instance and peaked at 720 MiB, over the 512 MiB a small machine can give at start.
const templateDir = path.dirname(fileURLToPath(import.meta.url));
export const TEMPLATE_FILE = path.join(templateDir, 'embedded-template.tar.br');
export const TEMPLATE_INFO_FILE = path.join(templateDir, 'embedded-template.json');

export interface TemplateInfo {
  /** The PGlite version that made it: a cluster only opens with the build that made it. */
  pglite: string;
  /** pg_control's system identifier, which every database made from it shares. */
  systemIdentifier: string;
}

/** The installed PGlite's version (its package.json, beside its entry point). */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(entry, '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Whether there is a template made by the installed PGlite. */
export function hasTemplate(): boolean {
  if (!fs.existsSync(TEMPLATE_FILE) || !fs.existsSync(TEMPLATE_INFO_FILE)) return false;
  const info = JSON.parse(fs.readFileSync(TEMPLATE_INFO_FILE, 'utf8')) as TemplateInfo;
  return info.pglite === installedPgliteVersion();
}

/** The template cluster as a tar archive (PGlite's own dump format). */
export function templateTar(): Buffer {
  return zlib.brotliDecompressSync(fs.readFileSync(TEMPLATE_FILE));
}

/**
 * Makes `<dataDir>/pgdata` from the template when it holds no cluster yet: the files are
 * written beside it and renamed into place, so a start killed half-way leaves no half-made
 * cluster behind, and no database instance runs for it (only the one that then opens it). A
 * `pgdata` without a cluster (an initdb that never finished) is moved aside, never deleted.
 * Returns false when there is no template for this PGlite (initdb will run).
 */
export async function createFromTemplate(dataDir: string): Promise<boolean> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return true;
  if (!hasTemplate()) return false;
  const fresh = path.join(dataDir, 'pgdata.new');
  fs.rmSync(fresh, { recursive: true, force: true });
  fs.mkdirSync(fresh, { mode: 0o700 });
  await new Promise<void>((resolve, reject) => {
    const extract = extractTar({ cwd: fresh });
    extract.on('error', reject);
    extract.on('close', resolve);
    extract.end(templateTar());
  });
  if (fs.existsSync(pgdata)) fs.renameSync(pgdata, `${pgdata}.incomplete-${Date.now()}`);
  fs.renameSync(fresh, pgdata);
  return true;
}

export async function openEmbedded(dataDir: string): Promise<Embedded> {
  fs.mkdirSync(dataDir, { recursive: true });
  // Two processes on one PGlite directory silently lose writes: hold a lock while open.
  const release = lockDataDir(dataDir);
  try {
    await createFromTemplate(dataDir);
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
      startParams: embeddedStartParams(),
      initDbStartParams: INITDB_PARAMS,
    });
    return { client, release };
  } catch (error) {
    await release();
    throw error;
  }
}
