import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  sermonCreateSchema,
  sermonOrderSchema,
  sermonUpdateSchema,
} from '../../../shared/schemas/sermons.ts';
import type { AppContext } from '../../context.ts';
import { sendWithEtag } from '../../http/etag.ts';
import { parseInput } from '../../http/errors.ts';
import { requireAdmin } from '../../core/guards.ts';
import {
  createSermon,
  deleteSermon,
  findSermon,
  listSermons,
  reorderSermons,
  updateSermon,
} from './sermons.service.ts';

const idParams = z.object({ id: z.string().min(1).max(80) });

export const sermonsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Anyone may watch (spec §6): no session needed.
  app.get('/api/sermons', async (request, reply) =>
    sendWithEtag(request, reply, { sermons: await listSermons(ctx) }),
  );

  app.get('/api/sermons/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return sendWithEtag(request, reply, await findSermon(ctx, id));
  });

  app.post('/api/admin/sermons', async (request, reply) => {
    await requireAdmin(ctx, request);
    const input = parseInput(sermonCreateSchema, request.body);
    return reply.status(201).send(await createSermon(ctx, input));
  });

  app.patch('/api/admin/sermons/:id', async (request) => {
    await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    return updateSermon(ctx, id, parseInput(sermonUpdateSchema, request.body));
  });

  app.delete('/api/admin/sermons/:id', async (request, reply) => {
    await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    await deleteSermon(ctx, id);
    return reply.status(204).send();
  });

  app.put('/api/admin/sermons/order', async (request) => {
    await requireAdmin(ctx, request);
    const { ids } = parseInput(sermonOrderSchema, request.body);
    return { sermons: await reorderSermons(ctx, ids) };
  });
};
