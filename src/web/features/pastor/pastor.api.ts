import { useQuery } from '@tanstack/react-query';
import type {
  AppointmentView,
  ChatMessage,
  Conversation,
  PastorPeer,
} from '../../../shared/pastor.ts';
import { apiFetch } from '../../api.ts';
import { pastorApiPaths } from './pastor.paths.ts';

export const pastorKeys = {
  me: ['pastor', 'me'] as const,
  appointment: ['pastor', 'appointment'] as const,
  pastors: ['pastor', 'pastors'] as const,
  conversation: (peerId: string) => ['pastor', 'conversation', peerId] as const,
};

export function usePastorMe(enabled: boolean) {
  return useQuery({
    queryKey: pastorKeys.me,
    queryFn: ({ signal }) =>
      apiFetch<{ id: string; fullName: string; email: string }>(pastorApiPaths.me, { signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

export function useAppointment(enabled: boolean) {
  return useQuery({
    queryKey: pastorKeys.appointment,
    queryFn: ({ signal }) => apiFetch<AppointmentView>(pastorApiPaths.appointment, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** Polls (spec §9: every 3 s) only while the socket is down: `pollMs` is then set. */
export function usePastors(pollMs: number | false) {
  return useQuery({
    queryKey: pastorKeys.pastors,
    queryFn: ({ signal }) =>
      apiFetch<{ pastors: PastorPeer[] }>(pastorApiPaths.pastors, { signal }),
    refetchInterval: pollMs,
    staleTime: 0,
  });
}

export function useConversation(peerId: string | null, pollMs: number | false) {
  return useQuery({
    queryKey: pastorKeys.conversation(peerId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<Conversation>(pastorApiPaths.conversation(peerId!), { signal }),
    enabled: peerId !== null,
    refetchInterval: pollMs,
    staleTime: 0,
  });
}

/** `id`: the message's id while it is shown as not yet saved; the saved one keeps it. */
export const sendText = (peerId: string, text: string, id: string) =>
  apiFetch<{ message: ChatMessage }>(pastorApiPaths.messages(peerId), {
    method: 'POST',
    body: { text, id },
  });

export function sendFile(peerId: string, file: File, id: string) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<{ message: ChatMessage }>(pastorApiPaths.files(peerId, id), {
    method: 'POST',
    body: form,
  });
}

export const editMessage = (id: string, text: string) =>
  apiFetch<{ message: ChatMessage }>(pastorApiPaths.message(id), {
    method: 'PATCH',
    body: { text },
  });

export const deleteMessage = (id: string, scope: 'everyone' | 'me') =>
  apiFetch<{ message: ChatMessage | null }>(pastorApiPaths.deleteMessage(id, scope), {
    method: 'DELETE',
  });

export const deleteChat = (peerId: string) =>
  apiFetch<{ ok: true }>(pastorApiPaths.conversation(peerId), { method: 'DELETE' });

export const markRead = (peerId: string) =>
  apiFetch<{ read: number }>(pastorApiPaths.read(peerId), { method: 'POST' });
