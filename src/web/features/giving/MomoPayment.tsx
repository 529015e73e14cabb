import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GiftResult } from '../../../shared/schemas/giving.ts';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { MomoOtpStep } from './MomoOtpStep.tsx';
import { MomoWaitingStep } from './MomoWaitingStep.tsx';
import {
  forgetWaitingGift,
  keepWaitingGift,
  type MomoOffering,
  type WaitingGift,
} from './waiting-gift.ts';
import { m } from '../../../paraglide/messages.js';

/** Spec §4/§9: 'Processing your offering...' stays at least this long before the next screen. */
export const MOMO_CONFIRM_DELAY_MS = 2500;

type Phase = { name: 'starting' } | { name: 'otp' | 'waiting'; reference: string };

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
    keepWaitingGift({ offering, phase: phase.name, reference: phase.reference });
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
      <MomoOtpStep
        offering={offering}
        reference={phase.reference}
        onSent={() => setPhase({ name: 'waiting', reference: phase.reference })}
        onCancel={goHome}
      />
    );
  }
  return (
    <MomoWaitingStep
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
