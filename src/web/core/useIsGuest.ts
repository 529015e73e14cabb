import { useSyncExternalStore } from 'react';
import { GUEST_COOKIE } from '../../shared/pages.ts';

// Spec §2: "signed-in" is a session user or this guest flag, kept in the browser. A guest is a
// visitor without an account (§4); the flag only opens screens, the server trusts nothing in it.
export const GUEST_STORAGE_KEY = 'flock.guest';

const listeners = new Set<() => void>();

/** The cookie, set by the app beside the flag, or by the server ('Continue as Guest' before
 * the app had arrived, decision 027). */
const hasGuestCookie = () =>
  document.cookie.split(';').some((part) => part.trim() === `${GUEST_COOKIE}=1`);

function readGuestFlag(): boolean {
  try {
    return window.localStorage.getItem(GUEST_STORAGE_KEY) === '1' || hasGuestCookie();
  } catch {
    // Storage can be blocked (private mode, strict settings): the cookie alone says.
    return hasGuestCookie();
  }
}

/** The flag, told to the server too: it then draws a guest's screens in their page (decision 023). */
function setGuestCookie(isGuest: boolean) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${GUEST_COOKIE}=1; Path=/; Max-Age=${isGuest ? 400 * 24 * 3600 : 0}; SameSite=Lax${secure}`;
}

/** Sets or clears the guest flag and tells every component that reads it. */
export function setGuest(isGuest: boolean) {
  try {
    if (isGuest) window.localStorage.setItem(GUEST_STORAGE_KEY, '1');
    else window.localStorage.removeItem(GUEST_STORAGE_KEY);
  } catch {
    // See readGuestFlag.
  }
  setGuestCookie(isGuest);
  for (const listener of listeners) listener();
}

// A guest from before the cookie: the server learns it from the next page on.
if (typeof window !== 'undefined' && readGuestFlag()) setGuestCookie(true);

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signed in, out or continued as a guest.
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useIsGuest() {
  const isGuest = useSyncExternalStore(subscribe, readGuestFlag, () => false);
  return { isGuest, setGuest };
}
