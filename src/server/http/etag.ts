import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends JSON with a strong ETag; answers 304 with no body when the client already has it.
 * `no-cache` makes the browser ask every time, so admin edits show at once, while an
 * unchanged answer costs a few hundred bytes instead of the whole list.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
