import type { Me } from '../../shared/accounts.ts';
import { apiFetch } from '../api.ts';
import { takePageAnswer } from '../page-answers.ts';
import { apiPaths } from '../paths.ts';
import { createResource, useResource } from '../resource.ts';

/** Who is signed in (GET /api/me). Asked again after login, logout and a profile save. */
const me = createResource(() => apiFetch<Me>(apiPaths.me), { staleTime: 30_000 });

export function useMe() {
  return useResource(me);
}

/**
 * Asks at start-up, while the first screen's code is still on its way (main.tsx), unless the
 * page came with the answer (a page drawn for a request without a session, decision 023).
 */
export function prefetchMe() {
  const drawn = takePageAnswer<Me>(apiPaths.me);
  if (drawn) me.set(drawn);
  else me.refreshIfStale();
}

/** The answer a screen is drawn with outside the browser; none: still being asked for. */
export function drawWithMe(answer: Me | undefined) {
  if (answer) me.set(answer);
  else me.forget();
}

/** Settles when GET /api/me has answered or failed (main.tsx waits for it on a drawn page). */
export const meAnswered = () => me.answered();

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
