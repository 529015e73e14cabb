import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { m } from '../../paraglide/messages.js';

export interface ModalProps {
  open: boolean;
  /** Called for Escape, a backdrop click and the close button. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** What gets focus on open; by default the first focusable element in the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Hide the × button when the content has its own way out (e.g. an 'Okay' button). */
  hideCloseButton?: boolean;
  /** Extra class on the dialog card, e.g. for a wider layout. */
  className?: string;
}

const focusableSelector = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.hidden && element.getClientRects().length > 0,
  );
}

// How many modals are open, so the page scroll lock is released by the last one only.
let openModals = 0;

/**
 * An accessible modal dialog: focus moves in and is trapped, Escape and a backdrop click close
 * it, and focus goes back to whatever opened it. Rendered into document.body.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  initialFocusRef,
  hideCloseButton = false,
  className,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const body = dialog.querySelector<HTMLElement>('.modal-body');
      const target =
        initialFocusRef?.current ??
        (body && focusableIn(body)[0]) ??
        focusableIn(dialog)[0] ??
        dialog;
      target.focus();
    }

    openModals += 1;
    document.body.classList.add('modal-open');

    // Focus that escapes anyway (a click on a toast, a script) is brought back in.
    const keepFocusInside = (event: FocusEvent) => {
      const current = dialogRef.current;
      if (!current || !(event.target instanceof Node)) return;
      if (current.contains(event.target)) return;
      if (isTopmost(current)) current.focus();
    };
    document.addEventListener('focusin', keepFocusInside);

    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      openModals -= 1;
      if (openModals === 0) document.body.classList.remove('modal-open');
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusables = focusableIn(dialogRef.current);
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Close only when the press both starts and ends on the backdrop, so selecting text inside
  // the card and releasing outside it does not close the dialog.
  const handleBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const handleBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) {
      onCloseRef.current();
    }
    pressStartedOnBackdrop.current = false;
  };

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={handleBackdropMouseDown}
      onClick={handleBackdropClick}
    >
      <div
        ref={dialogRef}
        className={['modal', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {!hideCloseButton && (
            <button
              type="button"
              className="icon-button modal-close"
              aria-label={m.common_close()}
              onClick={() => onCloseRef.current()}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** True when no other dialog was opened on top of this one. */
function isTopmost(dialog: HTMLElement): boolean {
  const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
  return dialogs[dialogs.length - 1] === dialog;
}
