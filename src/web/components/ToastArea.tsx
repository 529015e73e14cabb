import { toast, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

// The toast library itself, loaded with the first toast (Toasts.tsx). A toast asked for
// before this container is on the page waits in the library's queue and shows once it is.

export { toast };

// The spec's global container closes after 3 s; a page that needs another duration (offerings
// uses 4 s) passes `autoClose` to its own `toast()` calls.
const TOAST_AUTO_CLOSE_MS = 3000;

// Spec §9: top-right, pause on hover and on focus loss, drag to dismiss at 80 %, light theme.
export default function ToastArea() {
  return (
    <ToastContainer
      className="flock-toasts"
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
