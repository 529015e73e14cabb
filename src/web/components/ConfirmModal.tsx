import { useRef, type ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import { Modal } from './Modal.tsx';
import './ConfirmModal.css';

interface ConfirmModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that does it, e.g. 'Delete'. */
  confirmLabel: string;
  /** 'primary' for a step that is not a loss (e.g. Approve); 'danger' by default. */
  tone?: 'danger' | 'primary';
  busy: boolean;
  busyLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. Focus starts on 'Cancel', so a stray Enter
 * keeps things as they are.
 */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  tone = 'danger',
  busy,
  busyLabel,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onCancel}
      title={title}
      hideCloseButton
      initialFocusRef={cancelRef}
    >
      {children}
      <div className="button-row form-actions">
        <button
          type="button"
          className={tone === 'danger' ? 'button button-danger' : 'button'}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={onCancel}
        >
          {m.common_cancel()}
        </button>
      </div>
    </Modal>
  );
}
