import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressedOnce } from './compressed.ts';

const asking = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('compressedOnce', () => {
  const json = JSON.stringify({ sermons: Array.from({ length: 40 }, (_, i) => ({ i })) });

  it('compresses a version once and hands out the same bytes after', () => {
    const first = compressedOnce('br', '"v1"', json);
    expect(brotliDecompressSync(first).toString()).toBe(json);
    expect(compressedOnce('br', '"v1"', json)).toBe(first);
    const gzip = compressedOnce('gzip', '"v1"', json);
    expect(gunzipSync(gzip).toString()).toBe(json);
    expect(gzip).not.toBe(first);
  });

  it('keeps a bounded number of versions, dropping the oldest', () => {
    const kept = compressedOnce('br', '"old"', json);
    for (let i = 0; i < 600; i++) compressedOnce('br', `"v${i}"`, json);
    expect(compressedOnce('br', '"old"', json)).not.toBe(kept);
  });
});

describe('acceptedEncoding', () => {
  it('picks what @fastify/compress would', () => {
    expect(acceptedEncoding(asking({ 'accept-encoding': 'gzip, deflate, br' }))).toBe('br');
    expect(acceptedEncoding(asking({ 'accept-encoding': 'gzip' }))).toBe('gzip');
    expect(acceptedEncoding(asking({ 'accept-encoding': 'x-gzip' }))).toBe('gzip');
    expect(acceptedEncoding(asking({ 'accept-encoding': '*' }))).toBe('gzip');
    expect(acceptedEncoding(asking({ 'accept-encoding': 'br;q=0, gzip;q=0.5' }))).toBe('gzip');
    expect(acceptedEncoding(asking({ 'accept-encoding': 'identity' }))).toBeNull();
    expect(acceptedEncoding(asking({ 'accept-encoding': 'deflate' }))).toBeNull();
    expect(acceptedEncoding(asking({}))).toBeNull();
    expect(
      acceptedEncoding(asking({ 'accept-encoding': 'br', 'x-no-compression': '' })),
    ).toBeNull();
  });
});
