import type { FastifyPluginAsync } from 'fastify';
import {
  idParams,
  playlistCreateSchema,
  playlistUpdateSchema,
  videoCreateSchema,
  videoOrderSchema,
  videoUpdateSchema,
} from '../../../shared/schemas/videos.ts';
import type { AppContext } from '../../context.ts';
import { sendWithEtag } from '../../http/etag.ts';
import { parseInput } from '../../http/errors.ts';
import { requireAdmin } from '../../core/guards.ts';
import {
  addVideo,
  createPlaylist,
  deletePlaylist,
  deleteVideo,
  listPlaylists,
  reorderPlaylists,
  reorderVideos,
  updatePlaylist,
  updateVideo,
} from './videos.service.ts';

// The video library (decision 040): anyone watches, as with the sermons; admins edit.
export const videosRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/videos', async (request, reply) =>
    sendWithEtag(request, reply, { playlists: await listPlaylists(ctx) }),
  );

  app.post('/api/admin/videos/playlists', async (request, reply) => {
    await requireAdmin(ctx, request);
    const input = parseInput(playlistCreateSchema, request.body);
    return reply.status(201).send(await createPlaylist(ctx, input));
  });

  app.put('/api/admin/videos/playlists/order', async (request) => {
    await requireAdmin(ctx, request);
    const { ids } = parseInput(videoOrderSchema, request.body);
    return { playlists: await reorderPlaylists(ctx, ids) };
  });

  app.patch('/api/admin/videos/playlists/:id', async (request) => {
    await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    return updatePlaylist(ctx, id, parseInput(playlistUpdateSchema, request.body));
  });

  app.delete('/api/admin/videos/playlists/:id', async (request, reply) => {
    await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    await deletePlaylist(ctx, id);
    return reply.status(204).send();
  });

  app.post('/api/admin/videos/playlists/:id/videos', async (request, reply) => {
    await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(videoCreateSchema, request.body);
    return reply.status(201).send(await addVideo(ctx, id, input));
  });

  app.put('/api/admin/videos/playlists/:id/videos/order', async (request) => {
    await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    const { ids } = parseInput(videoOrderSchema, request.body);
    return reorderVideos(ctx, id, ids);
  });

  app.patch('/api/admin/videos/:id', async (request) => {
    await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    return updateVideo(ctx, id, parseInput(videoUpdateSchema, request.body));
  });

  app.delete('/api/admin/videos/:id', async (request, reply) => {
    await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    await deleteVideo(ctx, id);
    return reply.status(204).send();
  });
};
