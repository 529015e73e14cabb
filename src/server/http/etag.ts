import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, COMPRESS_THRESHOLD, compressedOnce } from './compressed.ts';

/** A strong ETag for a text: the same text, the same tag, on every instance. */
export const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/**
 * Sends a text the same for everyone who asks (a public answer, a page) with a strong ETag;
 * answers 304 with no body when the client already has it. `no-cache` makes the browser ask
 * every time, so an edit shows at once, while an unchanged answer costs a few hundred bytes.
 * Compressed once per version, not per request (compressed.ts).
 */
export function sendOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  type: string,
  etag = etagOf(text),
) {
  reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const match = reply.statusCode === 200 && request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  reply.type(type);
  const encoding = Buffer.byteLength(text) >= COMPRESS_THRESHOLD ? acceptedEncoding(request) : null;
  if (!encoding) return reply.send(text);
  // Its Content-Encoding tells @fastify/compress to leave it as it is.
  return reply.header('content-encoding', encoding).send(compressedOnce(encoding, etag, text));
}

/** JSON every member gets alike (the sermon list, a devotional day), through sendOnce. */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  return sendOnce(request, reply, JSON.stringify(body), 'application/json; charset=utf-8');
}
