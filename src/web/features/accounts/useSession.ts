import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiFetch } from '../../api.ts';
import { removeAllDrafts } from '../../drafts.ts';
import { apiPaths, paths } from '../../paths.ts';
import { setGuest, useIsGuest } from './useIsGuest.ts';
import { setSignedOut, useMe } from './useMe.ts';

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

const signOutListeners = new Set<() => void>();

/** Runs on every logout: what holds a member's data (the page data cache) forgets it. */
export function onSignOut(listener: () => void) {
  signOutListeners.add(listener);
}

/** Forgets everything of the member's in this browser; the church's public branding is kept. */
function forgetMember() {
  setGuest(false);
  removeAllDrafts();
  for (const listener of signOutListeners) listener();
  setSignedOut();
}

/**
 * Logout: ends the session on the server, then goes to / and forgets the member's data.
 * Throws (an ApiError) when the server could not be reached: the member is still signed in.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const leaving = useRef(false);

  // The signed-in screens must be gone before the session says visitor, or their guards
  // bounce to /auth on the way: forget once / is on the screen (the router renders a
  // navigation after its promise resolves).
  useEffect(() => {
    if (!leaving.current || pathname !== paths.home) return;
    leaving.current = false;
    forgetMember();
  }, [pathname]);

  return useCallback(async () => {
    // A shared phone stops showing this member's notices (decision 041). Only a browser that
    // allowed notifications loads that code.
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      await import('../notifications/device.ts')
        .then((device) => device.forgetThisDevice())
        .catch(() => undefined);
    }
    await apiFetch(apiPaths.signOut, { method: 'POST', body: {} });
    if (pathname === paths.home) {
      forgetMember();
      return;
    }
    leaving.current = true;
    await navigate(paths.home);
  }, [navigate, pathname]);
}
