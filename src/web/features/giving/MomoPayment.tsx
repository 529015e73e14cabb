import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { formatGhs } from '../../../shared/format.ts';
import { MOMO_SHORTCODES, OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import { checkMomoOtp } from '../../../shared/offering.ts';
import type { GiftResult, Offering } from '../../../shared/schemas/giving.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { ApiError } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { describedBy } from '../../components/FieldError.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { readDraft, removeDraft, writeDraft } from '../../drafts.ts';
import { paths } from '../../paths.ts';
import { submitGiftOtp, useGiftStatus } from './giving.api.ts';
import { momoPhoneText } from './offering-form.ts';
import { m } from '../../../paraglide/messages.js';
import { withPart } from '../../components/message-part.tsx';

/** Spec §4/§9: 'Processing your offering...' stays at least this long before the next screen. */
export const MOMO_CONFIRM_DELAY_MS = 2500;

type MomoOffering = Extract<Offering, { paymentMethod: 'momo' }>;
type Phase = { name: 'starting' } | { name: 'otp' | 'waiting'; reference: string };

/**
 * The gift being waited on, kept in this browser (a draft: logging out forgets it), so a
 * reload shows it again instead of an empty form (issue 30).
 */
const WAITING_DRAFT = 'momo-waiting';
export interface WaitingGift {
  offering: MomoOffering;
  phase: 'otp' | 'waiting';
  reference: string;
}
export const readWaitingGift = () => readDraft<WaitingGift>(WAITING_DRAFT);
const forgetWaitingGift = () => removeDraft(WAITING_DRAFT);

interface MomoPaymentProps {
  offering: MomoOffering;
  /** A gift just sent from the form, or one this browser was waiting on before a reload. */
  start: { request: Promise<GiftResult>; startedAt: number } | WaitingGift;
  /** The prompt could not be sent: back to the form (spec §8). */
  onFailedToStart: (error: unknown) => void;
  /** After a declined payment: back to the form with what was typed. */
  onTryAgain: () => void;
}

/**
 * Spec §4: a full-screen 'Processing your offering...', then after 2.5 s 'Processing
 * Payment...' with 'I Have Paid' and 'Cancel'. Beyond the spec: it asks for the OTP when the
 * provider wants one, follows the gift's real status from the server, and says what 'I Have
 * Paid' and 'Cancel' really do (decision 029).
 */
export function MomoPayment({ offering, start, onFailedToStart, onTryAgain }: MomoPaymentProps) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(
    'reference' in start ? { name: start.phase, reference: start.reference } : { name: 'starting' },
  );
  const onFailedRef = useRef(onFailedToStart);
  useEffect(() => {
    onFailedRef.current = onFailedToStart;
  });

  useEffect(() => {
    if ('reference' in start) return;
    let cancelled = false;
    start.request.then(
      async (result) => {
        if (cancelled || result.method !== 'momo') return;
        if (result.status === 'otp_required') {
          setPhase({ name: 'otp', reference: result.reference });
          return;
        }
        const rest = start.startedAt + MOMO_CONFIRM_DELAY_MS - Date.now();
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
        if (!cancelled) setPhase({ name: 'waiting', reference: result.reference });
      },
      (error: unknown) => {
        if (!cancelled) onFailedRef.current(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [start]);

  // While a gift is waiting, a reload comes back to it.
  useEffect(() => {
    if (phase.name === 'starting') return;
    writeDraft(WAITING_DRAFT, {
      offering,
      phase: phase.name,
      reference: phase.reference,
    } satisfies WaitingGift);
  }, [phase, offering]);

  const goHome = () => {
    forgetWaitingGift();
    void navigate(paths.memberHome);
  };

  if (phase.name === 'starting') {
    return (
      <Modal
        open
        onClose={() => {}}
        title={m.shared_giving_processing_offering()}
        hideCloseButton
        className="processing-screen"
      >
        <Spinner label={m.giving_momo_sending()} />
      </Modal>
    );
  }
  if (phase.name === 'otp') {
    return (
      <OtpStep
        offering={offering}
        reference={phase.reference}
        onSent={() => setPhase({ name: 'waiting', reference: phase.reference })}
        onCancel={goHome}
      />
    );
  }
  return (
    <WaitingStep
      offering={offering}
      reference={phase.reference}
      onHome={goHome}
      onTryAgain={() => {
        forgetWaitingGift();
        onTryAgain();
      }}
    />
  );
}

interface OtpStepProps {
  offering: MomoOffering;
  reference: string;
  onSent: () => void;
  onCancel: () => void;
}

interface OtpValues {
  otp: string;
}

/** What the server's `momoOtpSchema` decides (shared/offering.test.ts). */
const otpResolver = checkResolver<OtpValues, OtpValues>(({ otp }) => {
  const checked = checkMomoOtp(otp);
  return 'error' in checked
    ? { ok: false, errors: { otp: checked.error } }
    : { ok: true, values: checked };
});

function OtpStep({ offering, reference, onSent, onCancel }: OtpStepProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OtpValues, unknown, OtpValues>({
    resolver: otpResolver,
    defaultValues: { otp: '' },
  });

  const onSubmit = async ({ otp }: OtpValues) => {
    try {
      await submitGiftOtp(reference, otp);
      onSent();
    } catch (error) {
      setError('otp', {
        type: 'server',
        message:
          error instanceof ApiError ? (error.fields?.otp ?? error.message) : m.giving_otp_failed(),
      });
    }
  };

  const error = errors.otp?.message;
  return (
    <Modal
      open
      onClose={onCancel}
      title={m.giving_otp_title()}
      hideCloseButton
      className="processing-screen"
    >
      <form
        className="form"
        noValidate
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <p id={`${id}-hint`}>
          {m.giving_otp_hint({
            phone: momoPhoneText(offering.phone),
            amount: formatGhs(offering.amount),
          })}
        </p>
        <FieldBox id={`${id}-otp`} label={m.giving_otp_code()} error={error}>
          {(w) => (
            <input
              {...w}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              aria-describedby={describedBy(`${id}-hint`, error && `${id}-otp-error`)}
              {...register('otp')}
            />
          )}
        </FieldBox>
        <SubmitButton busy={isSubmitting} busyLabel={m.giving_checking()}>
          {m.giving_continue()}
        </SubmitButton>
        <button type="button" className="button button-secondary button-block" onClick={onCancel}>
          {m.giving_cancel()}
        </button>
      </form>
    </Modal>
  );
}

interface WaitingStepProps {
  offering: MomoOffering;
  reference: string;
  onHome: () => void;
  onTryAgain: () => void;
}

/** What the member asked for while the gift is pending (decision 029). */
type Waiting = 'waiting' | 'checking' | 'stopped';

function WaitingStep({ offering, reference, onHome, onTryAgain }: WaitingStepProps) {
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
