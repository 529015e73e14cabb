import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { NotificationSettings, NotificationsSaved } from '../../../shared/notifications.ts';
import { apiFetch } from '../../api.ts';
import { notificationApiPaths } from './notifications.paths.ts';

const settingsKey = ['notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      apiFetch<NotificationSettings>(notificationApiPaths.settings, { signal }),
    staleTime: 0,
  });
}

/** Keeps the answer's settings as the screen's. */
export function useKeepSettings() {
  const client = useQueryClient();
  return useCallback(
    (settings: NotificationSettings) => client.setQueryData(settingsKey, settings),
    [client],
  );
}

export const saveQuietHours = (from: string | null, until: string | null) =>
  apiFetch<NotificationsSaved>(notificationApiPaths.quietHours, {
    method: 'PUT',
    body: { from, until },
  });
