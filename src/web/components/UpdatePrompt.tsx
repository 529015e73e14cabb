import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Workbox } from 'workbox-window';
import { m } from '../../paraglide/messages.js';
import { getLocale } from '../../paraglide/runtime.js';
import { workerLanguage, workerPath } from '../../shared/languages.ts';
import { OPEN_SCREEN, screenOf } from '../push.ts';

// On a page the service worker already controls (decision 012): registers it again, which
// looks for a new version, and when one has been installed says so quietly; it takes over
// when the member taps Reload (or with the next visit once every tab of the old one is
// closed). Loaded after the page, not with its first screen, and not on a first visit.
// Also what the worker asks of the page it controls: a tapped notification's screen (sw.ts).

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  const workbox = useRef<Workbox | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const open = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: unknown } | null;
      if (data?.type === OPEN_SCREEN) void navigate(screenOf(data.url));
    };
    navigator.serviceWorker.addEventListener('message', open);
    return () => navigator.serviceWorker.removeEventListener('message', open);
  }, [navigate]);

  useEffect(() => {
    const language = getLocale();
    const wb = new Workbox(workerPath(language), { scope: '/' });
    // After a language switch the worker waiting is the one of this page's build, and the
    // worker controlling the page another language's (decision 043; each says its language
    // in its address): not a new version, so it takes over at once, unasked.
    wb.addEventListener('waiting', () => {
      const controller = navigator.serviceWorker.controller;
      const active = controller && workerLanguage(controller.scriptURL);
      if (active && active !== language) wb.messageSkipWaiting();
      else setWaiting(true);
    });
    workbox.current = wb;
    void wb.register().catch(() => {
      // No worker (private mode, an old browser): the app works as a plain web page.
    });
  }, []);

  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <p>{m.components_update_available()}</p>
      <div className="update-prompt-actions">
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            const wb = workbox.current;
            if (!wb) return;
            // Once the new worker controls the page, load the new app.
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          }}
        >
          {m.components_reload()}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setWaiting(false)}
        >
          {m.components_later()}
        </button>
      </div>
    </div>
  );
}
