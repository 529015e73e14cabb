import { useRef, type ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import { Modal } from './Modal.tsx';

interface MessageModalProps {
  /** The popup is open while there is a message. */
  message: string | null;
  /** 'Okay', Escape and the backdrop all mean the same: the member has read it. */
  onOkay: () => void;
  tone?: 'success' | 'error';
  /** More actions, shown above 'Okay' (e.g. 'Resend confirmation email'). */
  children?: ReactNode;
}

/** The spec's result popups: the message itself is the dialog's title, then 'Okay'. */
export function MessageModal({ message, onOkay, tone = 'success', children }: MessageModalProps) {
  const okayRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={message !== null}
      onClose={onOkay}
      title={message ?? ''}
      hideCloseButton
      initialFocusRef={okayRef}
      className={`message-modal message-modal-${tone}`}
    >
      {children}
      <div className="button-row message-modal-actions">
        <button ref={okayRef} type="button" className="button" onClick={onOkay}>
          {m.common_okay()}
        </button>
      </div>
    </Modal>
  );
}
