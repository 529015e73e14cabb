import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { getChurchInfo } from './church.service.ts';

export const churchRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/church', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return getChurchInfo(ctx);
  });
};
