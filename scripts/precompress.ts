// Writes .br and .gz beside each text file of the built web app, so the server sends them as
// they are (@fastify/static `preCompressed`) instead of compressing on every request or, as
// before, not at all. Members pay for every megabyte: the vendor chunk is ≈ 380 kB raw and
// about a third of that compressed.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
]);
/** Below this, the Content-Encoding header outweighs what compression saves (a 600-byte chunk
 * still saves ~250 bytes; the catalogue's small chunks of shared messages, 130–250 bytes,
 * save 40–90, and over HTTP/2 the repeated header costs a byte or two). */
const MIN_BYTES = 128;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export function precompressDir(dir: string): PrecompressSummary {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gzip = gzipSync(raw, { level: 9 });
    // A compressed copy that saves nothing is not worth a second file to keep in step.
    if (brotli.length < raw.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < raw.length) fs.writeFileSync(`${file}.gz`, gzip);
    summary.files += 1;
    summary.bytes += raw.length;
    summary.brotliBytes += Math.min(brotli.length, raw.length);
    summary.gzipBytes += Math.min(gzip.length, raw.length);
  }
  return summary;
}
