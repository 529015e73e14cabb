import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  DEVOTIONAL_MESSAGES,
  type DevotionalDay,
  type DevotionalWeek,
  type DevotionalWeekSummary,
  type dayUpsertSchema,
  type weekCreateSchema,
} from '../../../shared/schemas/devotional.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { devotionalDays, devotionalWeeks } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

type Ctx = Pick<AppContext, 'db'>;

const noWeek = (weekId: number) =>
  new AppError(404, 'NOT_FOUND', DEVOTIONAL_MESSAGES.noWeek(weekId));

export async function listWeeks(ctx: Ctx): Promise<DevotionalWeekSummary[]> {
  const rows = await ctx.db
    .select({
      id: devotionalWeeks.id,
      title: devotionalWeeks.title,
      dayCount: count(devotionalDays.day),
    })
    .from(devotionalWeeks)
    .leftJoin(devotionalDays, eq(devotionalDays.weekId, devotionalWeeks.id))
    .groupBy(devotionalWeeks.id)
    .orderBy(asc(devotionalWeeks.position), asc(devotionalWeeks.id));
  return rows.map((r) => ({ ...r, dayCount: Number(r.dayCount) }));
}

/** The week and its days; 404 "No devotionals found for Week N" when it has none. */
export async function getWeek(ctx: Ctx, weekId: number): Promise<DevotionalWeek> {
  const [week] = await ctx.db
    .select({ id: devotionalWeeks.id, title: devotionalWeeks.title })
    .from(devotionalWeeks)
    .where(eq(devotionalWeeks.id, weekId));
  if (!week) throw noWeek(weekId);
  const days = await ctx.db
    .select({
      day: devotionalDays.day,
      title: devotionalDays.title,
      documentUrl: devotionalDays.documentUrl,
    })
    .from(devotionalDays)
    .where(eq(devotionalDays.weekId, weekId))
    .orderBy(asc(devotionalDays.day));
  if (days.length === 0) throw noWeek(weekId);
  return {
    ...week,
    days: days.map((d) => ({ day: d.day, title: d.title, hasDocument: d.documentUrl !== null })),
  };
}

const neighbour = alias(devotionalDays, 'neighbour');
const dayPlaceholder = sql.placeholder('day');

/** The day and its neighbours in one statement. */
const dayWithNeighbours = preparedQuery((db) =>
  db
    .select({
      weekTitle: devotionalWeeks.title,
      title: devotionalDays.title,
      documentUrl: devotionalDays.documentUrl,
      previousDay: sql<
        number | null
      >`max(${neighbour.day}) filter (where ${neighbour.day} < ${dayPlaceholder})`,
      nextDay: sql<
        number | null
      >`min(${neighbour.day}) filter (where ${neighbour.day} > ${dayPlaceholder})`,
    })
    .from(devotionalDays)
    .innerJoin(devotionalWeeks, eq(devotionalWeeks.id, devotionalDays.weekId))
    .innerJoin(neighbour, eq(neighbour.weekId, devotionalDays.weekId))
    .where(
      and(
        eq(devotionalDays.weekId, sql.placeholder('weekId')),
        eq(devotionalDays.day, dayPlaceholder),
      ),
    )
    .groupBy(devotionalWeeks.title, devotionalDays.title, devotionalDays.documentUrl)
    .prepare('devotional_day'),
);

export async function getDay(ctx: Ctx, weekId: number, day: number): Promise<DevotionalDay> {
  const [row] = await dayWithNeighbours(ctx.db).execute({ weekId, day });
  if (!row) throw new AppError(404, 'NOT_FOUND', m.server_devotional_no_day({ day, week: weekId }));
  return {
    weekId,
    weekTitle: row.weekTitle,
    day,
    title: row.title,
    documentUrl: row.documentUrl,
    previousDay: row.previousDay === null ? null : Number(row.previousDay),
    nextDay: row.nextDay === null ? null : Number(row.nextDay),
  };
}

export async function createWeek(ctx: Ctx, input: z.output<typeof weekCreateSchema>) {
  const [{ next } = { next: 1 }] = await ctx.db
    .select({ next: max(devotionalWeeks.position).mapWith(Number) })
    .from(devotionalWeeks);
  const created = await ctx.db
    .insert(devotionalWeeks)
    .values({ id: input.id, title: input.title, position: (next ?? 0) + 1 })
    .onConflictDoNothing()
    .returning({ id: devotionalWeeks.id, title: devotionalWeeks.title });
  if (created.length === 0) {
    throw new AppError(409, 'WEEK_EXISTS', m.server_devotional_week_exists({ week: input.id }), {
      id: m.server_devotional_week_exists({ week: input.id }),
    });
  }
  return created[0]!;
}

export async function updateWeek(ctx: Ctx, weekId: number, title: string) {
  const [updated] = await ctx.db
    .update(devotionalWeeks)
    .set({ title, updatedAt: new Date() })
    .where(eq(devotionalWeeks.id, weekId))
    .returning({ id: devotionalWeeks.id, title: devotionalWeeks.title });
  if (!updated) throw noWeek(weekId);
  return updated;
}

/** Removes the week with its days. */
export async function deleteWeek(ctx: Ctx, weekId: number) {
  const deleted = await ctx.db
    .delete(devotionalWeeks)
    .where(eq(devotionalWeeks.id, weekId))
    .returning({ id: devotionalWeeks.id });
  if (deleted.length === 0) throw noWeek(weekId);
}

/** Adds or edits a day; a day without a link shows 'Coming Soon'. */
export async function upsertDay(
  ctx: Ctx,
  weekId: number,
  day: number,
  input: z.output<typeof dayUpsertSchema>,
) {
  const [week] = await ctx.db
    .select({ id: devotionalWeeks.id })
    .from(devotionalWeeks)
    .where(eq(devotionalWeeks.id, weekId));
  if (!week)
    throw new AppError(404, 'NOT_FOUND', m.server_devotional_add_week_first({ week: weekId }));
  const values = {
    title: input.title,
    documentUrl: input.documentUrl ?? null,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(devotionalDays)
    .values({ weekId, day, ...values })
    .onConflictDoUpdate({ target: [devotionalDays.weekId, devotionalDays.day], set: values });
  return getDay(ctx, weekId, day);
}

export async function deleteDay(ctx: Ctx, weekId: number, day: number) {
  const deleted = await ctx.db
    .delete(devotionalDays)
    .where(and(eq(devotionalDays.weekId, weekId), eq(devotionalDays.day, day)))
    .returning({ day: devotionalDays.day });
  if (deleted.length === 0)
    throw new AppError(404, 'NOT_FOUND', m.server_devotional_no_day({ day, week: weekId }));
}

/** ISO week number and weekday (Monday 1) of a date, in UTC. */
export function isoWeekAndDay(date: Date): { week: number; day: number } {
  const day = date.getUTCDay() || 7;
  const thursday = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 4 - day),
  );
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((thursday.getTime() - yearStart) / 86_400_000 + 1) / 7), day };
}

/**
 * Today's devotional, for channels without the week list (USSD): the week numbered as the
 * ISO week and its day as the weekday, Monday 1 (decision 031). Null when there is none.
 */
export async function todaysDevotional(
  ctx: Ctx,
  now: Date,
): Promise<{ weekId: number; day: number; title: string } | null> {
  const { week, day } = isoWeekAndDay(now);
  const [row] = await ctx.db
    .select({ title: devotionalDays.title })
    .from(devotionalDays)
    .where(and(eq(devotionalDays.weekId, week), eq(devotionalDays.day, day)));
  return row ? { weekId: week, day, title: row.title } : null;
}
