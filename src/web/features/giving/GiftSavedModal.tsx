import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatCedis, OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import type { GiftResult, Offering } from '../../../shared/schemas/giving.ts';
import { Modal } from '../../components/Modal.tsx';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../church/useChurch.ts';

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
    const amount = `GHS ${formatCedis(offering.amount)}`;
    const what = offering.otherType ?? OFFERING_TYPE_LABELS[offering.type];
    if (result.method === 'cash') {
      title = 'Your Cash Code';
      body = (
        <>
          <p>
            Your cash {what.toLowerCase()} of {amount} is recorded. Give this code with your cash:
          </p>
          <Code value={result.code} />
        </>
      );
    } else if (result.code) {
      const bank =
        offering.paymentMethod === 'bank' ? church?.giving.banks[offering.bank].label : null;
      title = 'Your Transfer Code';
      body = (
        <>
          <p>
            Your {what.toLowerCase()} of {amount}
            {bank ? ` by transfer to ${bank}` : ''} is recorded. Use this code as the reference of
            your transfer:
          </p>
          <Code value={result.code} />
        </>
      );
    } else {
      title = 'Thank You';
      body = (
        <p>
          Thank you for your {what.toLowerCase()} of {amount}. Your bank transfer is recorded.
        </p>
      );
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
          Got It
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
      <p className="muted">Write it down or take a screenshot before you leave this screen.</p>
    </>
  );
}
