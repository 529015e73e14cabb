import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { m } from '../../paraglide/messages.js';
import { checkResolver, type FormCheck } from './check-resolver.ts';
import { Field, formFields } from './form-fields.tsx';
import { Modal } from './Modal.tsx';
import './ConfirmModal.css';
import { submitUnlessBusy } from './SubmitButton.tsx';

interface Values {
  reason: string;
}

interface RejectModalProps {
  open: boolean;
  /** The dialog's question: 'Reject this application?'. */
  title: string;
  /** What is rejected and what follows: 'Reject Esi Owusu's elder application? …'. */
  text: string;
  /** Who is shown the reason. */
  hint: string;
  /** The reason's check, the same as the server's (src/shared). */
  check: (values: Values) => FormCheck<Values, Values>;
  onCancel: () => void;
  /** Resolves when the server has answered, true when it took the decision (the caller shows
   * the result and closes); the reason stays typed otherwise. */
  onReject: (reason: string) => Promise<boolean>;
}

/**
 * Reject asks to confirm and takes the reason its author is shown (issue 30): an application
 * (the admin's decision) and a prayer request (a moderator's, issue 48).
 */
export function RejectModal({
  open,
  title,
  text,
  hint,
  check,
  onCancel,
  onReject,
}: RejectModalProps) {
  const id = useId();
  const resolver = useMemo(() => checkResolver<Values, Values>(check), [check]);
  const form = useForm<Values>({ defaultValues: { reason: '' }, resolver });
  const busy = form.formState.isSubmitting;
  const close = () => {
    if (busy) return;
    form.reset();
    onCancel();
  };

  return (
    <Modal open={open} onClose={close} title={title}>
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
        <p>{text}</p>
        <Field
          form={formFields(id, form)}
          name="reason"
          label={m.common_reason()}
          hint={hint}
          as="textarea"
          rows={4}
        />
        <div className="button-row form-actions">
          <button type="submit" className="button button-danger" aria-disabled={busy || undefined}>
            {busy ? m.common_rejecting() : m.common_reject()}
          </button>
          <button type="button" className="button button-secondary" disabled={busy} onClick={close}>
            {m.common_cancel()}
          </button>
        </div>
      </form>
    </Modal>
  );
}
