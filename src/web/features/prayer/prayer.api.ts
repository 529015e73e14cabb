import { useQuery } from '@tanstack/react-query';
import type { PrayerQueue, PrayerRequest, PrayerWall } from '../../../shared/prayer.ts';
import { apiFetch } from '../../api.ts';
import { prayerApiPaths } from './prayer.paths.ts';

export const prayerKeys = {
  wall: ['prayer', 'wall'] as const,
  moderation: ['prayer', 'moderation'] as const,
};

/** The requests the member may read, their own included (held ones too). */
export function usePrayerWall() {
  return useQuery({
    queryKey: prayerKeys.wall,
    queryFn: ({ signal }) => apiFetch<PrayerWall>(prayerApiPaths.wall, { signal }),
    staleTime: 0,
  });
}

/** The requests held for the moderator's assemblies. */
export function usePrayerQueue(enabled: boolean) {
  return useQuery({
    queryKey: prayerKeys.moderation,
    queryFn: ({ signal }) => apiFetch<PrayerQueue>(prayerApiPaths.moderation, { signal }),
    staleTime: 0,
    enabled,
  });
}

export function createPrayer(body: { text: string; visibility: string; anonymous: boolean }) {
  return apiFetch<PrayerRequest>(prayerApiPaths.wall, { method: 'POST', body });
}

export function deletePrayer(id: string) {
  return apiFetch<void>(prayerApiPaths.request(id), { method: 'DELETE' });
}

export function markPrayed(id: string) {
  return apiFetch<PrayerRequest>(prayerApiPaths.prayed(id), { method: 'POST' });
}

export function markAnswered(id: string, note: string) {
  return apiFetch<PrayerRequest>(prayerApiPaths.answer(id), { method: 'POST', body: { note } });
}

export function reportPrayer(id: string) {
  return apiFetch<{ reported: true }>(prayerApiPaths.report(id), { method: 'POST' });
}

/** Approves a held request, or rejects it with the reason its author is shown. */
export function decidePrayer(
  id: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
) {
  return apiFetch<{ id: string; status: string }>(prayerApiPaths.decision(id), {
    method: 'POST',
    body: decision,
  });
}

/** Undoes a rejection: the request is held again (issue 48). */
export function restorePrayer(id: string) {
  return apiFetch<{ id: string; status: string }>(prayerApiPaths.restore(id), { method: 'POST' });
}
