import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sermonCreateSchema, sermonUpdateSchema } from '../../../shared/schemas/sermons.ts';
import type { Sermon } from '../../../shared/sermons.ts';
import { ApiError, apiFetch } from '../../api.ts';
import { fromPage } from '../../page-answers.ts';
import { sermonsApiPaths } from './sermons.paths.ts';

// Sermons from the content API. The server answers with an ETag and `no-cache`, so asking
// again costs a 304 of a few hundred bytes when nothing changed: queries are always
// considered stale and asked again when a screen opens, and admin edits show at once.

export const sermonsQueryKey = ['sermons'] as const;
const sermonQueryKey = (id: string) => [...sermonsQueryKey, id] as const;

export type SermonValues = z.output<typeof sermonCreateSchema>;
export type SermonChanges = z.output<typeof sermonUpdateSchema>;

export function useSermons() {
  return useQuery({
    queryKey: sermonsQueryKey,
    queryFn: ({ signal }) =>
      apiFetch<{ sermons: Sermon[] }>(sermonsApiPaths.sermons, { signal }).then((r) => r.sermons),
    ...fromPage(sermonsApiPaths.sermons, (answer: { sermons: Sermon[] }) => answer.sermons),
    staleTime: 0,
  });
}

/**
 * One sermon by id. `shown` (the title and video id the list passed in navigation state) is
 * shown at once while the server is asked; its answer wins, so a refresh or a link kept from
 * before an admin's edit shows the current sermon, and a removed one 'Sermon not found.'.
 */
export function useSermon(id: string, shown: Sermon | undefined) {
  return useQuery({
    queryKey: sermonQueryKey(id),
    queryFn: ({ signal }) => apiFetch<Sermon>(sermonsApiPaths.sermon(id), { signal }),
    placeholderData: shown,
    staleTime: 0,
    // 'Sermon not found.' is an answer, not a hiccup: do not ask twice.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** After any write: every sermon query (the list and single sermons) asks the server again. */
export function refreshSermons(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sermonsQueryKey });
}

export function createSermon(values: SermonValues) {
  return apiFetch<Sermon>(sermonsApiPaths.adminSermons, { method: 'POST', body: values });
}

export function updateSermon(id: string, changes: SermonChanges) {
  return apiFetch<Sermon>(sermonsApiPaths.adminSermon(id), { method: 'PATCH', body: changes });
}

export function deleteSermon(id: string) {
  return apiFetch<void>(sermonsApiPaths.adminSermon(id), { method: 'DELETE' });
}

export function reorderSermons(ids: string[]) {
  return apiFetch<{ sermons: Sermon[] }>(sermonsApiPaths.adminSermonOrder, {
    method: 'PUT',
    body: { ids },
  }).then((r) => r.sermons);
}
