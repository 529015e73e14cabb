import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { cashDeleteSchema } from '../../../shared/schemas/giving.ts';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import { authHeaders } from '../../platform/auth.ts';
import { findSessionUser, requireSessionUser } from '../accounts/accounts.service.ts';
import { deleteCashGift, listHistory } from './history.service.ts';

// Owner only (spec §6). Guests have no history: they get the empty list.
export const historyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/history', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await findSessionUser(ctx, authHeaders(request));
    return { entries: user ? await listHistory(ctx, user.id) : [] };
  });

  app.post('/api/history/cash/:id/delete', async (request, reply) => {
    const user = await requireSessionUser(ctx, authHeaders(request));
    const { id } = parseInput(z.object({ id: z.uuid('No such cash entry.') }), request.params);
    const { reason } = parseInput(cashDeleteSchema, request.body);
    await deleteCashGift(ctx, user.id, id, reason);
    return reply.status(204).send();
  });
};
