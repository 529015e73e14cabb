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
import { paths } from '../../paths.ts';
import { submitGiftOtp, useGiftStatus } from './giving.api.ts';
import { momoPhoneText } from './offering-form.ts';

/** Spec §4/§9: 'Processing your offering...' stays at least this long before the next screen. */
export const MOMO_CONFIRM_DELAY_MS = 2500;

type MomoOffering = Extract<Offering, { paymentMethod: 'momo' }>;
type Phase =
  | { name: 'starting' }
  | { name: 'otp'; reference: string }
  | { name: 'waiting'; reference: string };

interface MomoPaymentProps {
  offering: MomoOffering;
  request: Promise<GiftResult>;
  startedAt: number;
  /** The prompt could not be sent: back to the form (spec §8). */
  onFailedToStart: (error: unknown) => void;
  /** After a declined payment: back to the form with what was typed. */
  onTryAgain: () => void;
}

/**
 * Spec §4: a full-screen 'Processing your offering...', then after 2.5 s 'Processing
 * Payment...' with 'I Have Paid' and 'Cancel', both to /home. Beyond the spec: it asks for the
 * OTP when the provider wants one, and follows the gift's real status from the server.
 */
export function MomoPayment({
  offering,
  request,
  startedAt,
  onFailedToStart,
  onTryAgain,
}: MomoPaymentProps) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  const onFailedRef = useRef(onFailedToStart);
  useEffect(() => {
    onFailedRef.current = onFailedToStart;
  });

  useEffect(() => {
    let cancelled = false;
    request.then(
      async (result) => {
        if (cancelled || result.method !== 'momo') return;
        if (result.status === 'otp_required') {
          setPhase({ name: 'otp', reference: result.reference });
          return;
        }
        const rest = startedAt + MOMO_CONFIRM_DELAY_MS - Date.now();
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
  }, [request, startedAt]);

  const goHome = () => void navigate(paths.memberHome);

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
      onTryAgain={onTryAgain}
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

function WaitingStep({ offering, reference, onHome, onTryAgain }: WaitingStepProps) {
  const gift = useGiftStatus(reference);
  const firstButtonRef = useRef<HTMLButtonElement>(null);
  const status = gift.data?.status ?? 'pending';
  const amount = `GHS ${formatCedis(offering.amount)}`;
  const what = (offering.otherType ?? OFFERING_TYPE_LABELS[offering.type]).toLowerCase();

  // The buttons change with the status: keep focus on the first one so it is not lost.
  useEffect(() => {
    firstButtonRef.current?.focus();
  }, [status]);

  let title: string;
  let body;
  let actions;
  if (status === 'success') {
    title = 'Payment Received';
    body = (
      <p className="payment-outcome payment-outcome-success">
        Thank you! Your {what} of {amount} was received.
      </p>
    );
    actions = (
      <button ref={firstButtonRef} type="button" className="button button-block" onClick={onHome}>
        Done
      </button>
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
        <button ref={firstButtonRef} type="button" className="button button-block" onClick={onHome}>
          I Have Paid
        </button>
        <button type="button" className="button button-secondary button-block" onClick={onHome}>
          Cancel
        </button>
      </>
    );
  }

  return (
    <Modal
      open
      onClose={onHome}
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
