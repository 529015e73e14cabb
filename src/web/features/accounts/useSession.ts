import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Me } from '../../../shared/accounts.ts';
import { apiFetch } from '../../api.ts';
import { removeAllDrafts } from '../../drafts.ts';
import { apiPaths, paths } from '../../paths.ts';
import { churchQueryKey } from '../church/useChurch.ts';
import { setGuest, useIsGuest } from './useIsGuest.ts';
import { meQueryKey, useMe } from './useMe.ts';

export type SessionStatus = 'loading' | 'error' | 'member' | 'guest' | 'visitor';

/** Signed-in (spec §2) = a session user from /api/me, or the guest flag. */
export function useSession() {
  const me = useMe();
  const { isGuest } = useIsGuest();
  const user = me.data?.user ?? null;

  let status: SessionStatus;
  if (user) status = 'member';
  else if (isGuest) status = 'guest';
  else if (me.isPending) status = 'loading';
  else if (me.isError) status = 'error';
  else status = 'visitor';

  return { status, user, me };
}

/**
 * Logout: ends the session on the server, then goes to / and forgets the member's data.
 * Throws (an ApiError) when the server could not be reached: the member is still signed in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(async () => {
    await apiFetch(apiPaths.signOut, { method: 'POST', body: {} });
    // Leave the signed-in screens first, so their guards do not bounce to /auth on the way.
    await navigate(paths.home);
    // Nothing of the member's stays on a shared phone; the church's public branding is kept.
    setGuest(false);
    removeAllDrafts();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== churchQueryKey[0] });
    queryClient.setQueryData<Me>(meQueryKey, { user: null });
  }, [queryClient, navigate]);
}
