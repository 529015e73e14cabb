import { useQuery } from '@tanstack/react-query';
import type {
  AttendanceRow,
  CheckinHome,
  CheckinResult,
  ChildInCare,
  EntranceScreen,
  SessionSummary,
  Usher,
  UsherMember,
} from '../../../shared/checkin.ts';
import { apiFetch } from '../../api.ts';
import { checkinApiPaths } from './checkin.paths.ts';

export const checkinKeys = {
  home: ['checkin'] as const,
  sessions: ['checkin', 'sessions'] as const,
  screen: (id: string) => ['checkin', 'screen', id] as const,
  members: (id: string, q: string) => ['checkin', 'members', id, q] as const,
  admin: ['checkin', 'admin'] as const,
};

/** The services open now for the member, their children in care, whether they are an usher. */
export function useCheckinHome() {
  return useQuery({
    queryKey: checkinKeys.home,
    queryFn: ({ signal }) => apiFetch<CheckinHome>(checkinApiPaths.home, { signal }),
    staleTime: 0,
  });
}

export function checkIn(body: { token: string } | { code: string }) {
  return apiFetch<CheckinResult>(checkinApiPaths.home, { method: 'POST', body });
}

export function checkInOwnChild(body: { sessionId: string; childName: string }) {
  return apiFetch<ChildInCare>(checkinApiPaths.children, { method: 'POST', body });
}

/** Usher mode's services: open now, soon, or lately. */
export function useUsherSessions() {
  return useQuery({
    queryKey: checkinKeys.sessions,
    queryFn: ({ signal }) => apiFetch<SessionSummary[]>(checkinApiPaths.sessions, { signal }),
    staleTime: 0,
  });
}

export function useEntranceScreen(id: string) {
  return useQuery({
    queryKey: checkinKeys.screen(id),
    queryFn: ({ signal }) => apiFetch<EntranceScreen>(checkinApiPaths.screen(id), { signal }),
    staleTime: 0,
  });
}

export function useMemberSearch(sessionId: string, q: string) {
  return useQuery({
    queryKey: checkinKeys.members(sessionId, q),
    queryFn: ({ signal }) =>
      apiFetch<UsherMember[]>(`${checkinApiPaths.members(sessionId)}?q=${encodeURIComponent(q)}`, {
        signal,
      }),
    enabled: Boolean(sessionId) && q.trim().length >= 2,
    staleTime: 0,
  });
}

export function usherCheckIn(sessionId: string, userId: string) {
  return apiFetch<CheckinResult>(checkinApiPaths.members(sessionId), {
    method: 'POST',
    body: { userId },
  });
}

export function usherCheckInChild(
  sessionId: string,
  body: { childName: string; guardianPhone: string },
) {
  return apiFetch<ChildInCare>(checkinApiPaths.sessionChildren(sessionId), {
    method: 'POST',
    body,
  });
}

export function pickUp(sessionId: string, code: string) {
  return apiFetch<{ childName: string; guardianPhoneEnd: string }>(
    checkinApiPaths.pickup(sessionId),
    { method: 'POST', body: { code } },
  );
}

export interface CheckinAdmin {
  sessions: SessionSummary[];
  attendance: AttendanceRow[];
  ushers: Usher[];
}

/** The admin's screen: the services, attendance per service and assembly, the ushers. */
export function useCheckinAdmin() {
  return useQuery({
    queryKey: checkinKeys.admin,
    queryFn: async ({ signal }): Promise<CheckinAdmin> => {
      const [sessions, attendance, ushers] = await Promise.all([
        apiFetch<SessionSummary[]>(checkinApiPaths.adminSessions, { signal }),
        apiFetch<AttendanceRow[]>(checkinApiPaths.attendance, { signal }),
        apiFetch<Usher[]>(checkinApiPaths.ushers, { signal }),
      ]);
      return { sessions, attendance, ushers };
    },
    staleTime: 0,
  });
}

export function createSession(body: Record<string, unknown>) {
  return apiFetch<SessionSummary>(checkinApiPaths.adminSessions, { method: 'POST', body });
}

export function grantUsher(contact: string) {
  return apiFetch<Usher[]>(checkinApiPaths.ushers, { method: 'POST', body: { contact } });
}

export function revokeUsher(id: string) {
  return apiFetch<void>(checkinApiPaths.usher(id), { method: 'DELETE' });
}
