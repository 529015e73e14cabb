import { useQuery } from '@tanstack/react-query';
import type { ScheduleCreated, ScheduleView } from '../../../shared/recurring.ts';
import type { ScheduleInput } from '../../../shared/schemas/recurring.ts';
import { apiFetch } from '../../api.ts';
import { recurringApiPaths } from './recurring.paths.ts';

export const schedulesQueryKey = ['giving-schedules'] as const;

/** The member's own recurring gifts, newest first. */
export function useSchedules(enabled = true) {
  return useQuery({
    queryKey: schedulesQueryKey,
    queryFn: ({ signal }) => apiFetch<ScheduleView[]>(recurringApiPaths.schedules, { signal }),
    enabled,
    // A member's own money: ask again whenever the screen opens.
    staleTime: 0,
  });
}

/** One of the member's recurring gifts (the reminder's one-tap link fills the form from it). */
export function useSchedule(id: string | null) {
  return useQuery({
    queryKey: [...schedulesQueryKey, id],
    queryFn: ({ signal }) => apiFetch<ScheduleView>(recurringApiPaths.schedule(id!), { signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function createSchedule(input: ScheduleInput) {
  return apiFetch<ScheduleCreated>(recurringApiPaths.schedules, { method: 'POST', body: input });
}

export function scheduleAction(id: string, action: 'pause' | 'resume' | 'stop') {
  return apiFetch<ScheduleView>(recurringApiPaths.action(id, action), { method: 'POST' });
}

export function changeScheduleAmount(id: string, amount: string) {
  return apiFetch<ScheduleView>(recurringApiPaths.action(id, 'amount'), {
    method: 'POST',
    body: { amount },
  });
}

export function cardUpdateLink(id: string) {
  return apiFetch<{ url: string }>(recurringApiPaths.action(id, 'card-link'), { method: 'POST' });
}
