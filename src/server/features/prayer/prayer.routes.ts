import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  prayerAnswerSchema,
  prayerCreateSchema,
  prayerDecisionSchema,
} from '../../../shared/schemas/prayer.ts';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import { memberRateLimit, requireSessionUser } from '../../core/guards.ts';
import { decideRequest, listHeld, restoreRequest } from './prayer-moderation.ts';
import {
  createRequest,
  deleteRequest,
  listWall,
  markAnswered,
  markPrayed,
  readerOf,
  reportRequest,
} from './prayer.service.ts';
import { m } from '../../../paraglide/messages.js';

// The prayer wall (decision 036): signed-in members only; who reads and who moderates which
// request is decided in the service.

const idParams = z.object({ id: z.uuid({ error: () => m.shared_prayer_not_found() }) });

export const prayerRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const writes = memberRateLimit(ctx, { member: 60, address: 300, timeWindow: '10 minutes' });
  const reader = async (request: FastifyRequest) =>
    readerOf(ctx, await requireSessionUser(ctx, request));
  const idOf = (request: FastifyRequest) => parseInput(idParams, request.params).id;

  app.get('/api/prayer', async (request, reply) => {
    const me = await reader(request);
    reply.header('cache-control', 'no-store');
    return listWall(ctx, me);
  });

  app.post('/api/prayer', { config: { rateLimit: writes } }, async (request, reply) => {
    const me = await reader(request);
    const input = parseInput(prayerCreateSchema, request.body);
    return reply.status(201).send(await createRequest(ctx, me, input, ctx.now()));
  });

  app.delete('/api/prayer/:id', { config: { rateLimit: writes } }, async (request, reply) => {
    const me = await reader(request);
    await deleteRequest(ctx, me, idOf(request));
    return reply.status(204).send();
  });

  app.post('/api/prayer/:id/prayed', { config: { rateLimit: writes } }, async (request) => {
    const me = await reader(request);
    return markPrayed(ctx, me, idOf(request));
  });

  app.post('/api/prayer/:id/answer', { config: { rateLimit: writes } }, async (request) => {
    const me = await reader(request);
    const id = idOf(request);
    const { note } = parseInput(prayerAnswerSchema, request.body);
    return markAnswered(ctx, me, id, note, ctx.now());
  });

  app.post('/api/prayer/:id/report', { config: { rateLimit: writes } }, async (request) => {
    const me = await reader(request);
    return reportRequest(ctx, me, idOf(request));
  });

  app.get('/api/prayer/moderation', async (request, reply) => {
    const me = await reader(request);
    reply.header('cache-control', 'no-store');
    return listHeld(ctx, me);
  });

  app.post('/api/prayer/:id/decision', { config: { rateLimit: writes } }, async (request) => {
    const me = await reader(request);
    const id = idOf(request);
    const decision = parseInput(prayerDecisionSchema, request.body);
    return decideRequest(ctx, me, id, decision, ctx.now());
  });

  // Undoes a rejection: held again (issue 48).
  app.post('/api/prayer/:id/restore', { config: { rateLimit: writes } }, async (request) => {
    const me = await reader(request);
    return restoreRequest(ctx, me, idOf(request), ctx.now());
  });
};
