import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

// Spec §9: top-right, pause on hover and on focus loss, drag to dismiss at 80 %, light theme.
// The spec's global container closes after 3 s; a page that needs another duration (offerings
// uses 4 s) passes `autoClose` to its own `toast()` calls.
export const TOAST_AUTO_CLOSE_MS = 3000;

export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      theme="light"
      newestOnTop
    />
  );
}
