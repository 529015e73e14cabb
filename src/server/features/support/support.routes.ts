import type { FastifyPluginAsync } from 'fastify';
import { supportRequestSchema } from '../../../shared/schemas/support.ts';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import { ADDRESS_SHARE } from '../../platform/rate-limit.ts';
import { memberRateLimit } from '../../core/guards.ts';
import { sessionUserOf } from '../../core/session.ts';
import { createSupportRequest } from './support.service.ts';

export const supportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/support',
    {
      config: {
        rateLimit: memberRateLimit(ctx, {
          member: ctx.config.supportRateLimit,
          address: ctx.config.supportRateLimit * ADDRESS_SHARE,
          timeWindow: '10 minutes',
        }),
      },
    },
    async (request, reply) => {
      const input = parseInput(supportRequestSchema, request.body);
      const user = await sessionUserOf(ctx, request);
      const result = await createSupportRequest(ctx, input, user?.id ?? null);
      return reply.status(201).send(result);
    },
  );
};
