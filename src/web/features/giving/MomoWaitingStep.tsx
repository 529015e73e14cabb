import { useEffect, useRef, useState } from 'react';
import { formatGhs } from '../../../shared/format.ts';
import { MOMO_SHORTCODES, OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { useGiftStatus } from './giving.api.ts';
import { momoPhoneText } from './offering-form.ts';
import { forgetWaitingGift, type MomoOffering } from './waiting-gift.ts';
import { m } from '../../../paraglide/messages.js';
import { withPart } from '../../components/message-part.tsx';

interface MomoWaitingStepProps {
  offering: MomoOffering;
  reference: string;
  onHome: () => void;
  onTryAgain: () => void;
}

/** What the member asked for while the gift is pending (decision 029). */
type Waiting = 'waiting' | 'checking' | 'stopped';

/**
 * The prompt is on the phone: the gift's status from the server, and what 'I Have Paid' and
 * 'Cancel' really do (decision 029).
 */
export function MomoWaitingStep({ offering, reference, onHome, onTryAgain }: MomoWaitingStepProps) {
  const [waiting, setWaiting] = useState<Waiting>('waiting');
  // Cancel stops asking the server; nothing can stop the prompt already on the phone.
  const gift = useGiftStatus(waiting === 'stopped' ? null : reference);
  const firstButtonRef = useRef<HTMLButtonElement>(null);
  const status = gift.data?.status ?? 'pending';
  const amount = formatGhs(offering.amount);
  const what = (offering.otherType ?? OFFERING_TYPE_LABELS[offering.type]).toLowerCase();
  const done = status !== 'pending' && waiting !== 'stopped';

  // Over: a reload shows the form again.
  useEffect(() => {
    if (done || waiting === 'stopped') forgetWaitingGift();
  }, [done, waiting]);

  // The buttons change with the status: keep focus on the first one so it is not lost.
  useEffect(() => {
    firstButtonRef.current?.focus();
  }, [status, waiting]);

  let title: string;
  let body;
  let actions;
  if (waiting === 'stopped') {
    title = m.giving_momo_stopped_title();
    body = (
      <>
        <p className="payment-outcome">{m.giving_momo_stopped({ what, amount })}</p>
        <p>{m.giving_momo_stopped_pending()}</p>
      </>
    );
    actions = (
      <>
        <button ref={firstButtonRef} type="button" className="button button-block" onClick={onHome}>
          {m.giving_home()}
        </button>
        <PaymentHistoryLink />
      </>
    );
  } else if (status === 'success') {
    title = m.giving_paid_title();
    body = (
      <p className="payment-outcome payment-outcome-success">
        {m.giving_momo_paid({ what, amount })}
      </p>
    );
    actions = (
      <>
        <button ref={firstButtonRef} type="button" className="button button-block" onClick={onHome}>
          {m.giving_done()}
        </button>
        <PaymentHistoryLink />
      </>
    );
  } else if (status === 'failed' || status === 'abandoned') {
    title = m.giving_failed_title();
    body = (
      <p className="payment-outcome payment-outcome-failed">{m.giving_momo_failed({ amount })}</p>
    );
    actions = (
      <>
        <button
          ref={firstButtonRef}
          type="button"
          className="button button-block"
          onClick={onTryAgain}
        >
          {m.giving_retry()}
        </button>
        <button type="button" className="button button-secondary button-block" onClick={onHome}>
          {m.giving_cancel()}
        </button>
        <PaymentHistoryLink />
      </>
    );
  } else if (waiting === 'checking') {
    title = m.giving_momo_checking_title();
    body = (
      <>
        <p>
          {withPart(
            (mark) => m.giving_momo_checking({ what, amount: mark }),
            <strong>{amount}</strong>,
          )}
        </p>
        {gift.gaveUp ? (
          <p className="payment-outcome">{m.giving_momo_not_confirmed()}</p>
        ) : (
          <Spinner label={m.giving_momo_checking_spinner()} />
        )}
      </>
    );
    actions = (
      <>
        <PaymentHistoryLink primary />
        <button
          ref={firstButtonRef}
          type="button"
          className="button button-secondary button-block"
          onClick={onHome}
        >
          {m.giving_home()}
        </button>
      </>
    );
  } else {
    title = m.shared_giving_processing_payment();
    body = (
      <>
        <p>
          {withPart(
            (mark) => m.giving_momo_approve({ amount: mark, phone: momoPhoneText(offering.phone) }),
            <strong>{amount}</strong>,
          )}
        </p>
        <p>
          {withPart(
            (mark) => m.giving_momo_no_prompt({ code: mark, provider: offering.provider }),
            <strong>{MOMO_SHORTCODES[offering.provider]}</strong>,
          )}
        </p>
        <p className="muted">{m.giving_momo_takes()}</p>
        {gift.gaveUp ? (
          <p className="payment-outcome">{m.giving_momo_not_heard()}</p>
        ) : (
          <Spinner label={m.giving_momo_waiting_spinner()} />
        )}
      </>
    );
    actions = (
      <>
        <button
          ref={firstButtonRef}
          type="button"
          className="button button-block"
          onClick={() => {
            setWaiting('checking');
            void gift.refetch();
          }}
        >
          {m.giving_momo_paid_button()}
        </button>
        <button
          type="button"
          className="button button-secondary button-block"
          onClick={() => setWaiting('stopped')}
        >
          {m.giving_cancel()}
        </button>
      </>
    );
  }

  return (
    <Modal
      open
      onClose={waiting === 'stopped' || done ? onHome : () => setWaiting('stopped')}
      title={title}
      hideCloseButton
      initialFocusRef={firstButtonRef}
      className="processing-screen"
    >
      <div aria-live="polite">{body}</div>
      <div className="processing-actions">{actions}</div>
    </Modal>
  );
}
