import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formatGhs } from '../../../shared/format.ts';
import { checkMomoOtp } from '../../../shared/offering.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { ApiError } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { describedBy } from '../../components/FieldError.tsx';
import { Modal } from '../../components/Modal.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { submitGiftOtp } from './giving.api.ts';
import { momoPhoneText } from './offering-form.ts';
import type { MomoOffering } from './waiting-gift.ts';
import { m } from '../../../paraglide/messages.js';

interface MomoOtpStepProps {
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

/** The one-time code, when the network asks for one (decision 008). */
export function MomoOtpStep({ offering, reference, onSent, onCancel }: MomoOtpStepProps) {
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
