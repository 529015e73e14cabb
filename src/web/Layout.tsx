import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AccountNavActions } from './features/accounts/index.ts';
import { useSession } from './core/useSession.ts';
import { useApplyChurchBranding, useBrand } from './core/useChurch.ts';
import { SupportButton } from './features/support/index.ts';
import { paths } from './paths.ts';
import { Toasts } from './components/Toasts.tsx';
import { m } from '../paraglide/messages.js';
import { getLocale } from '../paraglide/runtime.js';
import { workerPath } from '../shared/languages.ts';

const UpdatePrompt = lazy(async () => ({
  default: (await import('./components/UpdatePrompt.tsx')).UpdatePrompt,
}));

/**
 * The service worker (decision 012), once the page has loaded. A first visit only registers
 * it: there is no older version to replace, so the update prompt and its library (workbox-window)
 * are not downloaded. A page the worker already controls gets the prompt.
 */
function useServiceWorker(loaded: boolean) {
  const [controlled, setControlled] = useState(false);
  useEffect(() => {
    // The dev server has no worker: only a build registers one.
    if (!loaded || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    if (navigator.serviceWorker.controller) {
      setControlled(true);
      return;
    }
    // Once the new worker takes the page over, what it asks of the page is heard (a tapped
    // notification's screen, UpdatePrompt.tsx).
    const claimed = () => setControlled(true);
    navigator.serviceWorker.addEventListener('controllerchange', claimed, { once: true });
    navigator.serviceWorker.register(workerPath(getLocale()), { scope: '/' }).catch(() => {
      // No worker (private mode, an old browser): the app works as a plain web page.
    });
    return () => navigator.serviceWorker.removeEventListener('controllerchange', claimed);
  }, [loaded]);
  return controlled;
}

/** True once the page has loaded: what is not part of the first screen waits for it. */
function useLoaded() {
  const [loaded, setLoaded] = useState(
    // Not loaded when drawn outside a browser (prerender.tsx).
    typeof document !== 'undefined' && document.readyState === 'complete',
  );
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded;
}

interface LayoutProps {
  /** Right side of the navbar; by default 'Log In/Sign Up' or 'Logout' (spec §2 Home). */
  navbarActions?: ReactNode;
}

export function Layout({ navbarActions }: LayoutProps) {
  useApplyChurchBranding();
  const { productName, logoUrl } = useBrand();
  const navigation = useNavigation();
  const { status } = useSession();
  const loaded = useLoaded();
  const controlled = useServiceWorker(loaded);
  // The logo leads a signed-in member or guest to their home screen, anyone else to login.
  const brandTarget = status === 'member' || status === 'guest' ? paths.memberHome : paths.home;

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {m.shell_skip()}
      </a>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <header className="navbar">
        <div className="navbar-inner">
          <Link to={brandTarget} className="navbar-brand">
            <img
              src={logoUrl}
              alt=""
              width="36"
              height="36"
              className="navbar-logo"
              fetchPriority="low"
            />
            <span className="navbar-title">{productName}</span>
          </Link>
          <div className="navbar-actions">
            {navbarActions ?? <AccountNavActions />}
            <SupportButton />
          </div>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* A new screen starts at its top; back and forward return to where the member was. */}
      <ScrollRestoration />
      <Toasts />
      {controlled && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </div>
  );
}
