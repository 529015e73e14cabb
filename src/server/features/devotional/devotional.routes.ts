import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  dayNumberSchema,
  dayUpsertSchema,
  weekCreateSchema,
  weekNumberSchema,
  weekUpdateSchema,
} from '../../../shared/schemas/devotional.ts';
import type { AppContext } from '../../context.ts';
import { sendWithEtag } from '../../http/etag.ts';
import { parseInput } from '../../http/errors.ts';
import { requireAdmin } from '../../core/guards.ts';
import {
  createWeek,
  deleteDay,
  deleteWeek,
  getDay,
  getWeek,
  listWeeks,
  updateWeek,
  upsertDay,
} from './devotional.service.ts';

const weekParams = z.object({ weekId: weekNumberSchema });
const dayParams = z.object({ weekId: weekNumberSchema, day: dayNumberSchema });

export const devotionalRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Anyone may read (spec §6).
  app.get('/api/devotional/weeks', async (request, reply) =>
    sendWithEtag(request, reply, { weeks: await listWeeks(ctx) }),
  );

  app.get('/api/devotional/weeks/:weekId', async (request, reply) => {
    const { weekId } = parseInput(weekParams, request.params);
    return sendWithEtag(request, reply, await getWeek(ctx, weekId));
  });

  app.get('/api/devotional/weeks/:weekId/days/:day', async (request, reply) => {
    const { weekId, day } = parseInput(dayParams, request.params);
    return sendWithEtag(request, reply, await getDay(ctx, weekId, day));
  });

  app.post('/api/admin/devotional/weeks', async (request, reply) => {
    await requireAdmin(ctx, request);
    return reply
      .status(201)
      .send(await createWeek(ctx, parseInput(weekCreateSchema, request.body)));
  });

  app.patch('/api/admin/devotional/weeks/:weekId', async (request) => {
    await requireAdmin(ctx, request);
    const { weekId } = parseInput(weekParams, request.params);
    const { title } = parseInput(weekUpdateSchema, request.body);
    return updateWeek(ctx, weekId, title);
  });

  app.delete('/api/admin/devotional/weeks/:weekId', async (request, reply) => {
    await requireAdmin(ctx, request);
    const { weekId } = parseInput(weekParams, request.params);
    await deleteWeek(ctx, weekId);
    return reply.status(204).send();
  });

  app.put('/api/admin/devotional/weeks/:weekId/days/:day', async (request) => {
    await requireAdmin(ctx, request);
    const { weekId, day } = parseInput(dayParams, request.params);
    return upsertDay(ctx, weekId, day, parseInput(dayUpsertSchema, request.body));
  });

  app.delete('/api/admin/devotional/weeks/:weekId/days/:day', async (request, reply) => {
    await requireAdmin(ctx, request);
    const { weekId, day } = parseInput(dayParams, request.params);
    await deleteDay(ctx, weekId, day);
    return reply.status(204).send();
  });
};
