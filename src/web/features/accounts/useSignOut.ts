import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiFetch } from '../../api.ts';
import { forgetMember } from '../../core/useSession.ts';
import { loadDevice } from '../notifications/index.ts';
import { apiPaths, paths } from '../../paths.ts';

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
      await loadDevice()
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
