import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatGhs } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import type { GiftResult, Offering } from '../../../shared/schemas/giving.ts';
import { Modal } from '../../components/Modal.tsx';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../../core/useChurch.ts';
import { m } from '../../../paraglide/messages.js';

interface GiftSavedModalProps {
  saved: { offering: Offering; result: Extract<GiftResult, { method: 'cash' | 'bank' }> } | null;
  /** Resets the form; the modal then goes to /home. */
  onDone: () => void;
}

/**
 * Spec §4: a cash gift and a bank tithe show their code; other bank gifts say 'Thank You'.
 * 'Got It' (or Escape) goes to /home.
 */
export function GiftSavedModal({ saved, onDone }: GiftSavedModalProps) {
  const navigate = useNavigate();
  const { data: church } = useChurch();
  const gotItRef = useRef<HTMLButtonElement>(null);

  const done = () => {
    onDone();
    void navigate(paths.memberHome);
  };

  let title = '';
  let body = null;
  if (saved) {
    const { offering, result } = saved;
    const amount = formatGhs(offering.amount);
    const what = offering.otherType ?? OFFERING_TYPE_LABELS[offering.type];
    if (result.method === 'cash') {
      title = m.giving_cash_code_title();
      body = (
        <>
          <p>{m.giving_cash_recorded({ what: what.toLowerCase(), amount })}</p>
          <Code value={result.code} />
        </>
      );
    } else if (result.code) {
      const bank =
        offering.paymentMethod === 'bank' ? church?.giving.banks[offering.bank].label : null;
      title = m.giving_transfer_code_title();
      body = (
        <>
          <p>
            {bank
              ? m.giving_transfer_recorded_bank({ what: what.toLowerCase(), amount, bank })
              : m.giving_transfer_recorded({ what: what.toLowerCase(), amount })}
          </p>
          <Code value={result.code} />
        </>
      );
    } else {
      title = m.giving_thank_you_title();
      body = <p>{m.giving_bank_recorded({ what: what.toLowerCase(), amount })}</p>;
    }
  }

  return (
    <Modal
      open={saved !== null}
      onClose={done}
      title={title}
      hideCloseButton
      initialFocusRef={gotItRef}
      className="gift-saved-modal"
    >
      {body}
      <div className="button-row message-modal-actions">
        <PaymentHistoryLink block={false} />
        <button ref={gotItRef} type="button" className="button" onClick={done}>
          {m.giving_got_it()}
        </button>
      </div>
    </Modal>
  );
}

function Code({ value }: { value: string }) {
  return (
    <>
      <p className="gift-code" data-testid="gift-code">
        {value}
      </p>
      <p className="muted">{m.giving_code_keep()}</p>
    </>
  );
}
