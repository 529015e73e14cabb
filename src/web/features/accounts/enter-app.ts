import type { useNavigate } from 'react-router';
import { baseLocale, cookieName, getLocale } from '../../../paraglide/runtime.js';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import { setGuest } from '../../core/useIsGuest.ts';
import { refreshMe } from '../../core/useMe.ts';

/** The language this browser's pages are in now (the catalogue's cookie). */
const browserLanguage = () =>
  new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`).exec(document.cookie)?.[1] ?? baseLocale;

/**
 * Signed in (by email or phone): no longer a guest, the app told, then home. In the account's
 * language (decision 053): the server gave this browser that language at sign-in, and when it
 * is not this build's, home comes as a page of the other build.
 */
export async function enterApp(navigate: ReturnType<typeof useNavigate>, message: string) {
  setGuest(false);
  if (browserLanguage() !== getLocale()) {
    window.location.assign(paths.memberHome);
    // The form stays busy while the page loads.
    return new Promise<never>(() => {});
  }
  try {
    await refreshMe();
  } catch {
    // /home asks again; the session cookie is set either way.
  }
  toast.success(message);
  await navigate(paths.memberHome);
}
