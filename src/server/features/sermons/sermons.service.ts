import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Sermon,
  sermonCreateSchema,
  sermonUpdateSchema,
} from '../../../shared/schemas/sermons.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { sermons } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

const columns = { id: sermons.id, title: sermons.title, videoId: sermons.videoId };
type Ctx = Pick<AppContext, 'db'>;

const allSermons = preparedQuery((db) =>
  db
    .select(columns)
    .from(sermons)
    .orderBy(asc(sermons.position), asc(sermons.id))
    .prepare('sermons_list'),
);

export async function listSermons(ctx: Ctx): Promise<Sermon[]> {
  return allSermons(ctx.db).execute();
}

export async function findSermon(ctx: Ctx, id: string): Promise<Sermon> {
  const [sermon] = await ctx.db.select(columns).from(sermons).where(eq(sermons.id, id));
  if (!sermon) throw new AppError(404, 'NOT_FOUND', m.shared_sermons_not_found());
  return sermon;
}

/** A readable, unique id for links: "walking-by-faith", "walking-by-faith-3k9x". */
function slugFrom(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return base || 'sermon';
}

export async function createSermon(
  ctx: Ctx,
  input: z.output<typeof sermonCreateSchema>,
): Promise<Sermon> {
  const base = slugFrom(input.title);
  return ctx.db.transaction(async (tx) => {
    const [{ next } = { next: 1 }] = await tx
      .select({ next: sql<number>`coalesce(max(${sermons.position}), 0) + 1` })
      .from(sermons);
    const [taken] = await tx.select({ id: sermons.id }).from(sermons).where(eq(sermons.id, base));
    const id = taken ? `${base}-${randomBytes(3).toString('hex')}` : base;
    const [created] = await tx
      .insert(sermons)
      .values({ id, title: input.title, videoId: input.video, position: Number(next) })
      .returning(columns);
    return created!;
  });
}

export async function updateSermon(
  ctx: Ctx,
  id: string,
  input: z.output<typeof sermonUpdateSchema>,
): Promise<Sermon> {
  const [updated] = await ctx.db
    .update(sermons)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.video !== undefined ? { videoId: input.video } : {}),
      updatedAt: new Date(),
    })
    .where(eq(sermons.id, id))
    .returning(columns);
  if (!updated) throw new AppError(404, 'NOT_FOUND', m.shared_sermons_not_found());
  return updated;
}

export async function deleteSermon(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(sermons)
    .where(eq(sermons.id, id))
    .returning({ id: sermons.id });
  if (deleted.length === 0) throw new AppError(404, 'NOT_FOUND', m.shared_sermons_not_found());
}

/** Puts the sermons in the given order; the list must name every sermon exactly once. */
export async function reorderSermons(ctx: Ctx, ids: string[]): Promise<Sermon[]> {
  await ctx.db.transaction(async (tx) => {
    const current = await tx.select({ id: sermons.id }).from(sermons);
    const known = new Set(current.map((s) => s.id));
    const given = new Set(ids);
    if (
      given.size !== ids.length ||
      given.size !== known.size ||
      ids.some((id) => !known.has(id))
    ) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_sermons_order());
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(sermons)
        .set({ position: index + 1 })
        .where(eq(sermons.id, id));
    }
  });
  return listSermons(ctx);
}
