import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { m } from '../../../paraglide/messages.js';
import { errorBody } from '../../errors.ts';
import type { Secrets } from '../secrets.ts';
import { verifyLocalSignature } from './local-storage.ts';
import { assertValidKey, contentDisposition, type Storage } from './storage.ts';

// Types a browser may show in the page. Anything else (HTML, SVG, text, …) could run script
// on our origin if shown inline, so it is always downloaded instead.
const inlineTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
]);

// In the request's language (decision 043): written when sent.
const linkInvalid = () => errorBody('LINK_INVALID', m.server_file_link_invalid());
const linkExpired = () => errorBody('LINK_EXPIRED', m.server_file_link_expired());
const fileMissing = () => errorBody('FILE_NOT_FOUND', m.server_file_missing());

/** What the route needs of the app: a platform piece does not know the app's context. */
interface FileRoutesOptions {
  ctx: { storage: Storage; secrets: Pick<Secrets, 'authSecret'> };
}

/**
 * Serves signed links made by the local storage driver. With S3 the links point at the bucket
 * and this route does not exist.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { ctx }) => {
  if (ctx.storage.kind !== 'local') return;

  app.get('/api/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as Record<string, unknown>;
    reply.header('cache-control', 'no-store');

    try {
      assertValidKey(key);
    } catch {
      return reply.status(403).send(linkInvalid());
    }
    const check = verifyLocalSignature(ctx.secrets.authSecret, {
      key,
      expires: query.expires,
      sig: query.sig,
      name: query.name,
    });
    if (!check.ok)
      return reply.status(403).send(check.reason === 'expired' ? linkExpired() : linkInvalid());

    const object = await ctx.storage.get(key);
    if (!object) return reply.status(404).send(fileMissing());

    const downloadName =
      typeof query.name === 'string' && query.name !== '' ? query.name : undefined;
    const baseType = (object.contentType.split(';')[0] ?? '').trim().toLowerCase();
    const disposition =
      downloadName !== undefined
        ? contentDisposition('attachment', downloadName)
        : inlineTypes.has(baseType)
          ? 'inline'
          : contentDisposition('attachment', path.posix.basename(key));
    const remaining = Math.max(0, check.expires - Math.floor(Date.now() / 1000));

    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('content-disposition', disposition)
      .header('cache-control', `private, max-age=${remaining}`)
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
};
