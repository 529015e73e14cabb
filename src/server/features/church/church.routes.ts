import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendWithEtag } from '../../http/etag.ts';
import { getChurchInfo } from './church.service.ts';

export const churchRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every screen asks for it and it changes only with a deploy or an admin's edit: an ETag
  // makes an unchanged answer a 304, and it is compressed once per version.
  app.get('/api/church', async (request, reply) =>
    sendWithEtag(request, reply, await getChurchInfo(ctx)),
  );
};
