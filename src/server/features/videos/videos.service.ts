import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  LibraryVideo,
  Playlist,
  playlistCreateSchema,
  playlistUpdateSchema,
  videoCreateSchema,
  videoUpdateSchema,
} from '../../../shared/schemas/videos.ts';
import type { AppContext } from '../../context.ts';
import { videoPlaylists, videos } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { m } from '../../../paraglide/messages.js';

// The video library (decision 040): anyone watches, admins edit (the routes check who).

type Ctx = Pick<AppContext, 'db'>;

const playlistColumns = {
  id: videoPlaylists.id,
  title: videoPlaylists.title,
  description: videoPlaylists.description,
};
const videoColumns = {
  id: videos.id,
  title: videos.title,
  videoId: videos.videoId,
  speaker: videos.speaker,
  recordedOn: videos.recordedOn,
};

const playlistNotFound = () => new AppError(404, 'NOT_FOUND', m.shared_videos_playlist_not_found());
const videoNotFound = () => new AppError(404, 'NOT_FOUND', m.shared_videos_video_not_found());

/** Every playlist in order, each with its videos in order (empty playlists too). */
export async function listPlaylists(ctx: Ctx): Promise<Playlist[]> {
  const [lists, items] = await Promise.all([
    ctx.db
      .select(playlistColumns)
      .from(videoPlaylists)
      .orderBy(asc(videoPlaylists.position), asc(videoPlaylists.createdAt)),
    ctx.db
      .select({ ...videoColumns, playlistId: videos.playlistId })
      .from(videos)
      .orderBy(asc(videos.position), asc(videos.createdAt)),
  ]);
  const byPlaylist = new Map<string, LibraryVideo[]>(lists.map((p) => [p.id, []]));
  for (const { playlistId, ...video } of items) byPlaylist.get(playlistId)?.push(video);
  return lists.map((p) => ({ ...p, videos: byPlaylist.get(p.id)! }));
}

async function playlistOf(ctx: Ctx, id: string): Promise<Playlist> {
  const [playlist] = await ctx.db
    .select(playlistColumns)
    .from(videoPlaylists)
    .where(eq(videoPlaylists.id, id));
  if (!playlist) throw playlistNotFound();
  const items = await ctx.db
    .select(videoColumns)
    .from(videos)
    .where(eq(videos.playlistId, id))
    .orderBy(asc(videos.position), asc(videos.createdAt));
  return { ...playlist, videos: items };
}

export async function createPlaylist(
  ctx: Ctx,
  input: z.output<typeof playlistCreateSchema>,
): Promise<Playlist> {
  const [created] = await ctx.db
    .insert(videoPlaylists)
    .values({
      title: input.title,
      description: input.description,
      position: sql`(select coalesce(max(${videoPlaylists.position}), 0) + 1 from ${videoPlaylists})`,
    })
    .returning(playlistColumns);
  return { ...created!, videos: [] };
}

export async function updatePlaylist(
  ctx: Ctx,
  id: string,
  input: z.output<typeof playlistUpdateSchema>,
): Promise<Playlist> {
  const [updated] = await ctx.db
    .update(videoPlaylists)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(videoPlaylists.id, id))
    .returning({ id: videoPlaylists.id });
  if (!updated) throw playlistNotFound();
  return playlistOf(ctx, id);
}

/** Removes the playlist and its videos. */
export async function deletePlaylist(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(videoPlaylists)
    .where(eq(videoPlaylists.id, id))
    .returning({ id: videoPlaylists.id });
  if (deleted.length === 0) throw playlistNotFound();
}

/** Numbers `ids` 1, 2, 3… when they are exactly the ids `current` has. */
async function putInOrder(
  current: { id: string }[],
  ids: string[],
  message: string,
  set: (id: string, position: number) => Promise<unknown>,
) {
  const known = new Set(current.map((row) => row.id));
  const given = new Set(ids);
  if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id))) {
    throw new AppError(400, 'VALIDATION_ERROR', message);
  }
  for (const [index, id] of ids.entries()) await set(id, index + 1);
}

/** Puts the playlists in the given order; the list must name every playlist exactly once. */
export async function reorderPlaylists(ctx: Ctx, ids: string[]): Promise<Playlist[]> {
  await ctx.db.transaction(async (tx) => {
    const current = await tx.select({ id: videoPlaylists.id }).from(videoPlaylists).for('update');
    await putInOrder(current, ids, m.shared_videos_playlist_order(), (id, position) =>
      tx.update(videoPlaylists).set({ position }).where(eq(videoPlaylists.id, id)),
    );
  });
  return listPlaylists(ctx);
}

type Tx = Parameters<Parameters<Ctx['db']['transaction']>[0]>[0];

/** Holds a playlist's row for this transaction (its videos' order is being changed). */
async function lockPlaylist(tx: Tx, playlistId: string) {
  const [playlist] = await tx
    .select({ id: videoPlaylists.id })
    .from(videoPlaylists)
    .where(eq(videoPlaylists.id, playlistId))
    .for('update');
  if (!playlist) throw playlistNotFound();
}

export async function addVideo(
  ctx: Ctx,
  playlistId: string,
  input: z.output<typeof videoCreateSchema>,
): Promise<LibraryVideo> {
  return ctx.db.transaction(async (tx) => {
    await lockPlaylist(tx, playlistId);
    const [{ next } = { next: 1 }] = await tx
      .select({ next: sql<number>`coalesce(max(${videos.position}), 0) + 1` })
      .from(videos)
      .where(eq(videos.playlistId, playlistId));
    const [created] = await tx
      .insert(videos)
      .values({
        playlistId,
        title: input.title,
        videoId: input.video,
        speaker: input.speaker,
        recordedOn: input.recordedOn,
        position: Number(next),
      })
      .returning(videoColumns);
    return created!;
  });
}

export async function updateVideo(
  ctx: Ctx,
  id: string,
  input: z.output<typeof videoUpdateSchema>,
): Promise<LibraryVideo> {
  const { video, ...rest } = input;
  const [updated] = await ctx.db
    .update(videos)
    .set({
      ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
      ...(video !== undefined ? { videoId: video } : {}),
      updatedAt: new Date(),
    })
    .where(eq(videos.id, id))
    .returning(videoColumns);
  if (!updated) throw videoNotFound();
  return updated;
}

export async function deleteVideo(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  if (deleted.length === 0) throw videoNotFound();
}

/** Puts a playlist's videos in the given order; the list must name each of them exactly once. */
export async function reorderVideos(
  ctx: Ctx,
  playlistId: string,
  ids: string[],
): Promise<Playlist> {
  await ctx.db.transaction(async (tx) => {
    await lockPlaylist(tx, playlistId);
    const current = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(eq(videos.playlistId, playlistId));
    await putInOrder(current, ids, m.shared_videos_video_order(), (id, position) =>
      tx
        .update(videos)
        .set({ position })
        .where(and(eq(videos.id, id), eq(videos.playlistId, playlistId))),
    );
  });
  return playlistOf(ctx, playlistId);
}
