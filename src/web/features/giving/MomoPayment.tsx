import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  formatCedis,
  GIVING_MESSAGES,
  MOMO_SHORTCODES,
  OFFERING_TYPE_LABELS,
} from '../../../shared/giving.ts';
import { checkMomoOtp } from '../../../shared/offering.ts';
import type { GiftResult, Offering } from '../../../shared/schemas/giving.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { ApiError } from '../../api.ts';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { readDraft, removeDraft, writeDraft } from '../../drafts.ts';
import { paths } from '../../paths.ts';
import { submitGiftOtp, useGiftStatus } from './giving.api.ts';
import { momoPhoneText } from './offering-form.ts';

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
        title={GIVING_MESSAGES.processingOffering}
        hideCloseButton
        className="processing-screen"
      >
        <Spinner label="Sending the payment request to your phone..." />
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
          error instanceof ApiError
            ? (error.fields?.otp ?? error.message)
            : 'That code could not be checked. Try again.',
      });
    }
  };

  const error = errors.otp?.message;
  return (
    <Modal
      open
      onClose={onCancel}
      title="Confirm Your Payment"
      hideCloseButton
      className="processing-screen"
    >
      <form
        className="form"
        noValidate
        onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
      >
        <p id={`${id}-hint`}>
          Your network sent a code by SMS to {momoPhoneText(offering.phone)}. Enter it to send the
          payment request of GHS {formatCedis(offering.amount)}.
        </p>
        <div className="field">
          <label htmlFor={`${id}-otp`}>Code</label>
          <input
            id={`${id}-otp`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-hint`, error && `${id}-otp-error`)}
            {...register('otp')}
          />
          <FieldError id={`${id}-otp-error`} message={error} />
        </div>
        <SubmitButton busy={isSubmitting} busyLabel="Checking...">
          Continue
        </SubmitButton>
        <button type="button" className="button button-secondary button-block" onClick={onCancel}>
          Cancel
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
  const amount = `GHS ${formatCedis(offering.amount)}`;
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
    title = 'Stopped Waiting';
    body = (
      <>
        <p className="payment-outcome">
          Flock has stopped waiting, but it cannot withdraw the request already sent to your phone:
          approving it there will still complete your {what} of {amount}.
        </p>
        <p>
          Until your network confirms or declines it, the gift shows as pending in your payment
          history.
        </p>
      </>
    );
    actions = (
      <>
        <button ref={firstButtonRef} type="button" className="button button-block" onClick={onHome}>
          Home
        </button>
        <PaymentHistoryLink />
      </>
    );
  } else if (status === 'success') {
    title = 'Payment Received';
    body = (
      <p className="payment-outcome payment-outcome-success">
        Thank you! Your {what} of {amount} was received.
      </p>
    );
    actions = (
      <>
        <button ref={firstButtonRef} type="button" className="button button-block" onClick={onHome}>
          Done
        </button>
        <PaymentHistoryLink />
      </>
    );
  } else if (status === 'failed' || status === 'abandoned') {
    title = 'Payment Failed';
    body = (
      <p className="payment-outcome payment-outcome-failed">
        The payment of {amount} did not go through. It may have been declined or not approved in
        time.
      </p>
    );
    actions = (
      <>
        <button
          ref={firstButtonRef}
          type="button"
          className="button button-block"
          onClick={onTryAgain}
        >
          Try Again
        </button>
        <button type="button" className="button button-secondary button-block" onClick={onHome}>
          Cancel
        </button>
        <PaymentHistoryLink />
      </>
    );
  } else if (waiting === 'checking') {
    title = 'Checking Your Payment';
    body = (
      <>
        <p>
          Thank you. Flock is checking your {what} of <strong>{amount}</strong> with your network.
        </p>
        {gift.gaveUp ? (
          <p className="payment-outcome">
            Your network has not confirmed it yet. It shows as pending in your payment history until
            it does.
          </p>
        ) : (
          <Spinner label="Checking with your network..." />
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
          Home
        </button>
      </>
    );
  } else {
    title = GIVING_MESSAGES.processingPayment;
    body = (
      <>
        <p>
          Approve the payment of <strong>{amount}</strong> on your phone (
          {momoPhoneText(offering.phone)}).
        </p>
        <p>
          No prompt? Dial <strong>{MOMO_SHORTCODES[offering.provider]}</strong> on your{' '}
          {offering.provider} line to approve it.
        </p>
        <p className="muted">This process takes 30-60 seconds.</p>
        {gift.gaveUp ? (
          <p className="payment-outcome">
            We have not heard back yet. Once your network confirms, the payment shows in your
            payment history.
          </p>
        ) : (
          <Spinner label="Waiting for your approval..." />
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
          I Have Paid
        </button>
        <button
          type="button"
          className="button button-secondary button-block"
          onClick={() => setWaiting('stopped')}
        >
          Cancel
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
