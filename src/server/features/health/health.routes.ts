import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { errorBody } from '../../http/errors.ts';

export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Alive: the process answers.
  app.get('/api/health', async () => ({ status: 'ok' }));

  // Ready: the database answers too (load balancers route traffic on this).
  // Not while draining (SIGTERM, platform/shutdown.ts): the proxy takes the instance out.
  app.get('/api/ready', async (request, reply) => {
    if (app.drain.draining) {
      return reply.status(503).send(errorBody('NOT_READY', 'This instance is shutting down.'));
    }
    try {
      await ctx.database.ping();
      return { status: 'ready', database: ctx.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send(errorBody('NOT_READY', 'The database is not reachable.'));
    }
  });
};
