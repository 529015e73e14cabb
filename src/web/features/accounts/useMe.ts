import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '../../../shared/accounts.ts';
import { apiFetch } from '../../api.ts';
import { apiPaths } from '../../paths.ts';

export const meQueryKey = ['me'] as const;

const fetchMe = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<Me>(apiPaths.me, { signal });

/** Who is signed in (GET /api/me). Invalidated after login, logout and a profile save. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 30_000 });
}

/**
 * Asks the server again and waits for the answer, so a guard that runs right after (the
 * navigation to /home after a login) sees the new session instead of the cached visitor.
 */
export function refreshMe(queryClient: QueryClient): Promise<Me> {
  return queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
}
