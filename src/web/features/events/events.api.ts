import { useQuery } from '@tanstack/react-query';
import type {
  EventSummary,
  EventsList,
  EventView,
  ManagedEvents,
  MyRsvp,
} from '../../../shared/events.ts';
import { m } from '../../../paraglide/messages.js';
import { formatGhanaTime, formatTime, formatWeekdayDateTime } from '../../../shared/format.ts';
import { apiFetch } from '../../api.ts';
import { eventsApiPaths } from './events.paths.ts';

export const eventsKeys = {
  events: ['events'] as const,
  event: (id: string) => ['events', id] as const,
  managed: ['events', 'managed'] as const,
};

export function useEvents() {
  return useQuery({
    queryKey: eventsKeys.events,
    queryFn: ({ signal }) => apiFetch<EventsList>(eventsApiPaths.events, { signal }),
    staleTime: 30_000,
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: eventsKeys.event(id),
    queryFn: ({ signal }) => apiFetch<EventView>(eventsApiPaths.event(id), { signal }),
    // Places left change with every reply: ask again when the screen opens.
    staleTime: 0,
  });
}

export function reply(id: string, body: MyRsvp) {
  return apiFetch<EventView>(eventsApiPaths.rsvp(id), { method: 'PUT', body });
}

export function guestReply(id: string, body: { name: string; phone: string; guests: string }) {
  return apiFetch<EventSummary>(eventsApiPaths.guestRsvps(id), { method: 'POST', body });
}

export function useManagedEvents() {
  return useQuery({
    queryKey: eventsKeys.managed,
    queryFn: ({ signal }) => apiFetch<ManagedEvents>(eventsApiPaths.managed, { signal }),
    staleTime: 0,
  });
}

export function publishEvent(body: Record<string, unknown>) {
  return apiFetch<EventSummary>(eventsApiPaths.managed, { method: 'POST', body });
}

export function deleteEvent(id: string) {
  return apiFetch<void>(eventsApiPaths.managedEvent(id), { method: 'DELETE' });
}

/** 'Sat, 24 Dec 2026, 18:30–21:00 GMT' (Ghana's time is UTC all year). */
export function formatWhen(event: Pick<EventSummary, 'startsAt' | 'endsAt'>) {
  const sameDay = event.startsAt.slice(0, 10) === event.endsAt.slice(0, 10);
  return sameDay
    ? `${formatWeekdayDateTime(event.startsAt)}–${formatTime(event.endsAt)} GMT`
    : `${formatGhanaTime(event.startsAt)} – ${formatGhanaTime(event.endsAt)}`;
}

/**
 * What stands between a person and a place, in words (or null when they may reply). Someone
 * who holds a place (`hasPlace`: a member going, a guest who just replied) is not told the
 * event is full: the last place may be theirs (issue 48).
 */
export function registrationNote(
  event: EventSummary,
  { hasPlace = false }: { hasPlace?: boolean } = {},
): string | null {
  if (new Date(event.startsAt) <= new Date()) return m.events_note_started();
  if (!event.open) return m.events_note_closed();
  if (event.placesLeft === 0 && !hasPlace) return m.events_note_full();
  return null;
}
