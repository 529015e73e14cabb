import type { FastifyPluginAsync } from 'fastify';
import { supportRequestSchema } from '../../../shared/schemas/support.ts';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import { createSupportRequest } from './support.service.ts';

export const supportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/support',
    {
      config: {
        rateLimit: { max: ctx.config.supportRateLimit, timeWindow: '10 minutes' },
      },
    },
    async (request, reply) => {
      const input = parseInput(supportRequestSchema, request.body);
      // Accounts (a later feature) will pass the signed-in member here.
      const result = await createSupportRequest(ctx, input, null);
      return reply.status(201).send(result);
    },
  );
};
