import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, COMPRESS_THRESHOLD, compressedOnce } from './compressed.ts';

/**
 * Sends JSON with a strong ETag; answers 304 with no body when the client already has it.
 * `no-cache` makes the browser ask every time, so admin edits show at once, while an
 * unchanged answer costs a few hundred bytes instead of the whole list. Such an answer is
 * the same for everyone who asks, so it is compressed once per version, not per request.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = Buffer.byteLength(json) >= COMPRESS_THRESHOLD ? acceptedEncoding(request) : null;
  if (!encoding) return reply.send(json);
  return reply
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(compressedOnce(encoding, etag, json));
}
