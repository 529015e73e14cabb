import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DevotionalDay,
  DevotionalWeek,
  DevotionalWeekSummary,
} from '../../../shared/devotional.ts';
import type { dayUpsertSchema, weekCreateSchema } from '../../../shared/schemas/devotional.ts';
import { ApiError, apiFetch } from '../../api.ts';
import { fromPage } from '../../page-answers.ts';
import { devotionalApiPaths } from './devotional.paths.ts';

// The devotional from the content API. Like sermons, answers carry an ETag with `no-cache`:
// every screen asks again when it opens and an unchanged answer is a 304 of a few hundred
// bytes, so admin edits show at once.

export const devotionalQueryKey = ['devotional'] as const;

export type WeekValues = z.output<typeof weekCreateSchema>;
export type DayValues = z.output<typeof dayUpsertSchema>;

/** 'No devotionals found…' and unknown days are answers: do not ask twice. */
const retryUnlessMissing = (failures: number, error: Error) => failures < 1 && !isMissing(error);

/** The server does not have it: an unknown week or day, or a number that cannot be one. */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A week or day number from the address; null when it is not a whole number. */
export function numberParam(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : null;
}

export function useDevotionalWeeks() {
  return useQuery({
    queryKey: [...devotionalQueryKey, 'weeks'],
    queryFn: ({ signal }) =>
      apiFetch<{ weeks: DevotionalWeekSummary[] }>(devotionalApiPaths.devotionalWeeks, {
        signal,
      }).then((r) => r.weeks),
    ...fromPage(
      devotionalApiPaths.devotionalWeeks,
      (answer: { weeks: DevotionalWeekSummary[] }) => answer.weeks,
    ),
    staleTime: 0,
  });
}

export function useDevotionalWeek(weekId: number | null) {
  return useQuery({
    queryKey: [...devotionalQueryKey, 'week', weekId],
    queryFn: ({ signal }) =>
      apiFetch<DevotionalWeek>(devotionalApiPaths.devotionalWeek(weekId!), { signal }),
    enabled: weekId !== null,
    staleTime: 0,
    retry: retryUnlessMissing,
  });
}

export function useDevotionalDay(weekId: number | null, day: number | null) {
  return useQuery({
    queryKey: [...devotionalQueryKey, 'day', weekId, day],
    queryFn: ({ signal }) =>
      apiFetch<DevotionalDay>(devotionalApiPaths.devotionalDay(weekId!, day!), { signal }),
    enabled: weekId !== null && day !== null,
    staleTime: 0,
    retry: retryUnlessMissing,
  });
}

/** After any write: every devotional query asks the server again. */
export function refreshDevotional(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: devotionalQueryKey });
}

export function createWeek(values: WeekValues) {
  return apiFetch<{ id: number; title: string }>(devotionalApiPaths.adminDevotionalWeeks, {
    method: 'POST',
    body: values,
  });
}

export function renameWeek(weekId: number, title: string) {
  return apiFetch<{ id: number; title: string }>(devotionalApiPaths.adminDevotionalWeek(weekId), {
    method: 'PATCH',
    body: { title },
  });
}

export function deleteWeek(weekId: number) {
  return apiFetch<void>(devotionalApiPaths.adminDevotionalWeek(weekId), { method: 'DELETE' });
}

/** Adds the day or replaces it; an empty document link means 'Coming Soon'. */
export function saveDay(weekId: number, day: number, values: DayValues) {
  return apiFetch<DevotionalDay>(devotionalApiPaths.adminDevotionalDay(weekId, day), {
    method: 'PUT',
    body: { title: values.title, documentUrl: values.documentUrl ?? '' },
  });
}

export function deleteDay(weekId: number, day: number) {
  return apiFetch<void>(devotionalApiPaths.adminDevotionalDay(weekId, day), { method: 'DELETE' });
}
