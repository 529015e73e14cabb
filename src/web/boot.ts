import { DRAWN_PAGE_GLOBAL } from '../shared/pages.ts';
import {
  controlKey,
  FIELDS,
  TAPPABLE,
  takeOverDrawnPage,
  type DrawnPageState,
} from './drawn-page.ts';

// The one script of a page the server drew (decision 027), written into the page right before
// the drawn screen, so that it runs before any of the screen shows (allowed by its hash). Built
// on its own as a classic script (vite.config.ts). Two jobs until the app takes over:
//
// 1. Keep what the member does on the drawn screen. Links are ordinary links and work as they
//    are; a tap on a button is kept (the button says it is busy) and done again by the app
//    (drawn-page.ts), with what was typed and where the focus was.
// 2. Ask for the app's code once the first paint has been shown, and a frame after it: a
//    request started before that paint would be charged to it (decision 025). Without paint
//    timing, a frame after the first; in a tab that never paints, after 3 s. The entry first,
//    then each module it will import in a task of its own (one long task otherwise).

const script = document.currentScript as HTMLScriptElement;

keepWhatIsDone();

function keepWhatIsDone() {
  // The screen comes after this script: found when something happens on it.
  const root = () => document.getElementById('root') ?? document.body;
  const listeners: [string, (event: Event) => void][] = [];
  const state: DrawnPageState = {
    path: window.location.pathname,
    tap: null,
    values: {},
    focus: null,
    focused: null,
    release() {
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
      for (const busy of document.querySelectorAll('[data-kept-tap]')) {
        busy.removeAttribute('data-kept-tap');
        busy.removeAttribute('aria-busy');
      }
    },
    handOver: (appRoot) => takeOverDrawnPage(state, appRoot),
  };
  window[DRAWN_PAGE_GLOBAL] = state;
  const on = (type: string, listener: (event: Event) => void) => {
    listeners.push([type, listener]);
    document.addEventListener(type, listener, true);
  };
  const inRoot = (target: EventTarget | null) =>
    target instanceof Element && root().contains(target) ? target : null;

  const keepTap = (button: Element) => {
    for (const busy of document.querySelectorAll('[data-kept-tap]')) {
      busy.removeAttribute('data-kept-tap');
      busy.removeAttribute('aria-busy');
    }
    state.tap = controlKey(button, root());
    // Shown as taken (styles.css), and said: the app will do it as soon as it is there.
    button.setAttribute('data-kept-tap', '');
    button.setAttribute('aria-busy', 'true');
  };

  on('click', (event) => {
    const button = inRoot(event.target)?.closest(TAPPABLE);
    if (!button || !root().contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    keepTap(button);
  });
  // Enter in a field submits its form: kept as a tap on the form's submit button.
  on('submit', (event) => {
    const form = inRoot(event.target);
    if (!form) return;
    event.preventDefault();
    const submitter =
      (event as SubmitEvent).submitter ?? form.querySelector('button:not([type="button"])');
    if (submitter) keepTap(submitter);
  });
  const keepValue = (event: Event) => {
    const field = inRoot(event.target);
    if (!field?.matches(FIELDS)) return;
    const { value, checked } = field as HTMLInputElement;
    state.values[controlKey(field, root())] = { value, checked: Boolean(checked) };
  };
  on('input', keepValue);
  on('change', keepValue);
  on('focusin', (event) => {
    const field = inRoot(event.target);
    state.focused = field?.matches(FIELDS) ? field : null;
    state.focus = state.focused && controlKey(state.focused, root());
  });
}

let asked = false;
function askForTheApp() {
  if (asked) return;
  asked = true;
  const preload = (script.dataset.preload ?? '').split(' ').filter(Boolean);
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = script.dataset.entry ?? '';
  // Without the app nothing would ever do a kept tap: let the page work as plain HTML.
  entry.onerror = () => window[DRAWN_PAGE_GLOBAL]?.release();
  document.head.appendChild(entry);
  (function next() {
    const href = preload.shift();
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
    setTimeout(next);
  })();
}

const afterThePaint = () => requestAnimationFrame(() => setTimeout(askForTheApp));
try {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    afterThePaint();
  }).observe({ type: 'paint', buffered: true });
} catch {
  afterThePaint();
}
setTimeout(askForTheApp, 3000);
