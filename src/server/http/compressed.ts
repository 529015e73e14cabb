import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// How answers are compressed: by @fastify/compress for answers that differ per member
// (registerCompression), and once per version here for answers every member gets alike, the
// pages among them (etag.ts). Built files are compressed by the build (decision 009).

/** JSON answers smaller than this go as they are: compressing them gains a few bytes. */
export const COMPRESS_THRESHOLD = 1024;

export const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Per request (@fastify/compress): quality 4, ≈ 70 µs for a history page, 8 % larger than 5's. */
export const brotliOptions = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    // Quality 4 rather than 5: ≈ 70 instead of ≈ 110 µs for a 14 kB history page, for 90
    // more bytes on the wire (1,148 against 1,060); compression was an eighth of the server's
    // CPU under the 200-member load.
    [constants.BROTLI_PARAM_QUALITY]: 4,
    // A 256 KiB window instead of 4 MiB: answers are at most 64 KiB (the sync threshold),
    // and a big window costs its setup on every answer.
    [constants.BROTLI_PARAM_LGWIN]: 18,
  },
};

/** Once per version: the best brotli gives (12 ms for a 14 kB answer, once; 11 % smaller than 4). */
const onceBrotliOptions = {
  params: {
    ...brotliOptions.params,
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
  },
};

const negotiator = new Negotiator({ supportedValues: [...ENCODINGS] });

/** The encoding @fastify/compress would pick for this request, or null for none. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  if (request.headers['x-no-compression'] !== undefined) return null;
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  const picked = negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
  return picked === 'br' || picked === 'gzip' ? picked : null;
}

/** Compressed answers by encoding and ETag; the oldest goes first past MAX_ENTRIES. */
const cache = new Map<string, Buffer>();
const MAX_ENTRIES = 512;

/**
 * `json` compressed with `encoding`, worked out once per ETag: the sermon list or a
 * devotional day is the same for every member, and compressing it again on each request
 * cost a sixth of the server's CPU under the 200-member load (decision 017), and compressed
 * once it can be compressed well. Synchronous: of many members asking at once, one compresses.
 */
export function compressedOnce(encoding: Encoding, etag: string, json: string): Buffer {
  const key = `${encoding}${etag}`;
  let body = cache.get(key);
  if (body) return body;
  body = encoding === 'br' ? brotliCompressSync(json, onceBrotliOptions) : gzipSync(json);
  cache.set(key, body);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return body;
}

/**
 * JSON answers over 1 KiB go brotli or gzip, as the browser accepts (a long history is mostly
 * repeated keys). A response that has its Content-Encoding already is left alone.
 */
export function registerCompression(app: FastifyInstance) {
  return app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions,
    // In one call rather than through a zlib stream for answers up to 64 KiB (every JSON
    // answer of ours): no stream, one write with a Content-Length instead of chunks. The
    // plugin's default on 2 cores is 8 KiB, which streamed the history pages; the 200-member
    // load on PostgreSQL went from ≈ 1,550 to ≈ 2,100 req/s (decision 017).
    syncThreshold: 64 * 1024,
    // Requests are never compressed by our pages (a phone uploads little JSON); inflating
    // them would add a hook to every route and a decompression-bomb surface for nothing.
    globalDecompression: false,
  });
}
