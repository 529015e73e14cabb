import { useState } from 'react';
import { m } from '../../../paraglide/messages.js';

import { messageOf } from '../../api.ts';
import { MessageModal } from '../../components/MessageModal.tsx';
import { resendConfirmation } from './accounts.api.ts';

// The login form's answers from the server, apart from the form so that the login screen's
// first download stays small (decision 011).

export type LoginPopupState =
  { kind: 'error'; message: string } | { kind: 'unverified'; email: string };

type ResendState = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; message: string };

export function LoginPopup({ popup, onClose }: { popup: LoginPopupState; onClose: () => void }) {
  const [resend, setResend] = useState<ResendState>({ state: 'idle' });

  const send = async (email: string) => {
    setResend({ state: 'sending' });
    try {
      await resendConfirmation(email);
      setResend({ state: 'sent' });
    } catch (error) {
      setResend({ state: 'failed', message: messageOf(error) });
    }
  };

  return (
    <MessageModal
      message={popup.kind === 'error' ? popup.message : m.shared_accounts_not_verified()}
      tone="error"
      onOkay={onClose}
    >
      {popup.kind === 'unverified' && (
        <div className="message-modal-extra">
          {resend.state === 'sent' ? (
            <p role="status" className="form-success">
              {m.accounts_confirmation_sent()}
            </p>
          ) : (
            <>
              {resend.state === 'failed' && (
                <p role="alert" className="form-alert">
                  {resend.message}
                </p>
              )}
              <button
                type="button"
                className="button button-secondary button-block"
                disabled={resend.state === 'sending'}
                onClick={() => void send(popup.email)}
              >
                {resend.state === 'sending'
                  ? m.accounts_popup_sending()
                  : m.accounts_resend_confirmation()}
              </button>
            </>
          )}
        </div>
      )}
    </MessageModal>
  );
}
