import { removeAllDrafts } from '../drafts.ts';
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

/**
 * Forgets everything of the member's in this browser; the church's public branding is kept
 * (at logout, features/accounts/useSignOut.ts).
 */
export function forgetMember() {
  setGuest(false);
  removeAllDrafts();
  for (const listener of signOutListeners) listener();
  setSignedOut();
}
