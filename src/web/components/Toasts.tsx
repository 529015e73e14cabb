import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToastOptions } from 'react-toastify';

// react-toastify (≈ 9 KB of JS and 2 KB of CSS on the wire) is downloaded with the first
// toast, not on every first visit: screens call `toast` from here, never the library itself.
// A toast asked for before the library is on the page waits in its queue until it is.

const loadToastArea = () => import('./ToastArea.tsx');
const ToastArea = lazy(loadToastArea);

let showArea: (() => void) | undefined;
let wanted = false;

function show(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions) {
  wanted = true;
  showArea?.();
  void loadToastArea().then((area) => area.toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

/** Where toasts appear (spec §9); on the page from the first toast on. */
export function Toasts() {
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    showArea = () => setShown(true);
    // A toast asked for between this render and now (a tap the app did as it took over a
    // drawn page) would otherwise wait unseen.
    if (wanted) setShown(true);
    return () => {
      showArea = undefined;
    };
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  ) : null;
}
