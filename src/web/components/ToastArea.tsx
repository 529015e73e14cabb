import { toast, ToastContainer, type CloseButtonProps } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { m } from '../../paraglide/messages.js';

// The toast library itself, loaded with the first toast (Toasts.tsx). A toast asked for
// before this container is on the page waits in the library's queue and shows once it is.

export { toast };

// The spec's global container closes after 3 s; a page that needs another duration (offerings
// uses 4 s) passes `autoClose` to its own `toast()` calls.
const TOAST_AUTO_CLOSE_MS = 3000;

/** The library's close button, named in the page's language (its own says 'close'). */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={m.common_close()}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

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
      closeButton={CloseButton}
      aria-label={m.components_toasts_label()}
    />
  );
}
