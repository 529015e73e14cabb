import type { Me } from '../../../shared/accounts.ts';
import { apiFetch } from '../../api.ts';
import { apiPaths } from '../../paths.ts';
import { createResource, useResource } from '../../resource.ts';

/** Who is signed in (GET /api/me). Asked again after login, logout and a profile save. */
const me = createResource(() => apiFetch<Me>(apiPaths.me), { staleTime: 30_000 });

export function useMe() {
  return useResource(me);
}

/** Asks at start-up, while the first screen's code is still on its way (main.tsx). */
export const prefetchMe = () => me.refreshIfStale();

/**
 * Asks the server again and waits for the answer, so a guard that runs right after (the
 * navigation to /home after a login) sees the new session instead of the cached visitor.
 */
export function refreshMe(): Promise<Me> {
  return me.fetchFresh();
}

/** After a change the server has made to the member (a profile save, a new password). */
export function invalidateMe() {
  me.fetchFresh().catch(() => {
    // Kept in the state: the screens show it.
  });
}

/** After logout: nobody is signed in. */
export function setSignedOut() {
  me.set({ user: null });
}
