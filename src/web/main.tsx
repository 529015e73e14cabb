import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { meAnswered, prefetchMe } from './core/useMe.ts';
import { churchAnswered, prefetchChurch } from './core/useChurch.ts';
import { DRAWN_PAGE_GLOBAL } from '../shared/pages.ts';
import { ensureTwiPlural } from '../shared/plural-rules.ts';
import { createRouter } from './router.tsx';
import './styles.css';

// Before any message is drawn: Twi's plural where the browser has no `ak` data (decision 042).
ensureTwiPlural();

// Every screen shows the church's branding and waits for the session (the signed-in screens'
// guard): ask now, alongside the first screen's code, not once that code has arrived and the
// layout is drawn (one round trip less before the first screen on a slow network).
prefetchChurch();
prefetchMe();

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const rootElement: HTMLElement = found;

/**
 * The rest of the start in a task of its own. A phone's main thread is busy for ~4× as long as
 * this machine's, and any task over 50 ms there delays a tap: loading the modules, creating the
 * router and rendering each fit in one; together they did not (decision 025).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

await nextTask();
const router = createRouter();

function App() {
  // In the task that replaced the drawn screen with the app's, before a key typed meanwhile
  // is handled (issue 48): what was done on the page the server drew is done again, the
  // focus and the caret put back. (The boot script does it: the app carries none of that
  // code, decision 027.)
  useLayoutEffect(() => void window[DRAWN_PAGE_GLOBAL]?.handOver(rootElement), []);
  return <RouterProvider router={router} />;
}

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** Resolves once the router has loaded the first screen's code. */
const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

// Some pages come with their screen already drawn (decision 027): it stays until the app
// can draw the same, instead of giving way to a spinner (a signed-in screen's guard waits for
// the session) or the default name in between. Rendered in a transition then, in short tasks:
// the screen is already there to look at.
if (rootElement.hasChildNodes()) {
  await Promise.all([routerReady(), churchAnswered(), meAnswered()]);
  startTransition(() => createRoot(rootElement).render(app));
} else {
  await nextTask();
  createRoot(rootElement).render(app);
}
