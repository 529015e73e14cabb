import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { m } from '../../../paraglide/messages.js';
import { checkRejection } from '../../../shared/workers.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields } from '../../components/form-fields.tsx';
import { Modal } from '../../components/Modal.tsx';
import { submitUnlessBusy } from '../../components/SubmitButton.tsx';

interface Values {
  reason: string;
}

interface RejectModalProps {
  open: boolean;
  /** Whose application, as the dialog names it: 'Esi Owusu's elder application'. */
  what: string;
  onCancel: () => void;
  /** Resolves when the server has answered, true when it took the decision (the caller shows
   * the result and closes); the reason stays typed otherwise. */
  onReject: (reason: string) => Promise<boolean>;
}

/** Reject asks to confirm and takes the reason the applicant is mailed and shown (issue 30). */
export function RejectModal({ open, what, onCancel, onReject }: RejectModalProps) {
  const id = useId();
  const form = useForm<Values>({
    defaultValues: { reason: '' },
    resolver: checkResolver<Values, Values>(checkRejection),
  });
  const busy = form.formState.isSubmitting;
  const close = () => {
    if (busy) return;
    form.reset();
    onCancel();
  };

  return (
    <Modal open={open} onClose={close} title={m.admin_reject_title()}>
      <form
        className="form"
        noValidate
        onSubmit={submitUnlessBusy(
          busy,
          form.handleSubmit(async ({ reason }) => {
            if (await onReject(reason)) form.reset();
          }),
        )}
      >
        <p>{m.admin_reject_text({ what })}</p>
        <Field
          form={formFields(id, form)}
          name="reason"
          label={m.admin_reject_reason()}
          hint={m.admin_reject_reason_hint()}
          as="textarea"
          rows={4}
        />
        <div className="button-row form-actions">
          <button type="submit" className="button button-danger" aria-disabled={busy || undefined}>
            {busy ? m.admin_rejecting() : m.admin_reject()}
          </button>
          <button type="button" className="button button-secondary" disabled={busy} onClick={close}>
            {m.admin_cancel()}
          </button>
        </div>
      </form>
    </Modal>
  );
}
