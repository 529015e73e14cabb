// `npm run db:template`: writes the freshly initialised cluster a new embedded data directory
// starts from (src/server/db/embedded-template.tar.br and .json, decision 019). Run it after
// updating @electric-sql/pglite: a cluster only opens with the build that made it, and until
// it is run again new data directories fall back to initdb (a test says so).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import {
  embeddedStartParams,
  INITDB_PARAMS,
  installedPgliteVersion,
  TEMPLATE_FILE,
  TEMPLATE_INFO_FILE,
  type TemplateInfo,
} from '../src/server/db/embedded.ts';

const client = await PGlite.create({
  startParams: embeddedStartParams(),
  initDbStartParams: INITDB_PARAMS,
});
const [control] = (
  await client.query<{ id: string }>(
    'select system_identifier::text as id from pg_control_system()',
  )
).rows;
const tar = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
await client.close();

// Three copies of the catalogs (template0, template1, postgres) in 40 MB: a 16 MiB window
// finds the repeats (≈ 1.3 MB; gzip's 32 KiB window gives 4.5 MB).
const compressed = zlib.brotliCompressSync(tar, {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
  },
});
fs.writeFileSync(TEMPLATE_FILE, compressed);
const info: TemplateInfo = { pglite: installedPgliteVersion(), systemIdentifier: control!.id };
fs.writeFileSync(TEMPLATE_INFO_FILE, `${JSON.stringify(info, null, 2)}\n`);
console.log(
  `${TEMPLATE_FILE}: ${(compressed.length / 1e6).toFixed(2)} MB (${(tar.length / 1e6).toFixed(1)} MB of files), PGlite ${info.pglite}`,
);
