import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CASH_DELETE_REASONS, type CashDeleteReason } from '../../../shared/constants.ts';
import { formatCedis } from '../../../shared/format.ts';
import { cashDeleteReasonLabel, checkCashDelete } from '../../../shared/giving.ts';
import type { HistoryEntry } from '../../../shared/schemas/giving.ts';
import { Choice } from '../../components/Choice.tsx';
import { checkResolver } from '../../components/check-resolver.ts';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { Modal } from '../../components/Modal.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { m } from '../../../paraglide/messages.js';

interface Values {
  reason: CashDeleteReason;
}
// What the radios hold: null until one is chosen.
interface Input {
  reason: CashDeleteReason | null;
}

interface DeleteCashModalProps {
  entry: HistoryEntry | null;
  onCancel: () => void;
  /** Resolves when the server has answered (the caller shows the result). */
  onDelete: (entry: HistoryEntry, values: Values) => Promise<void>;
}

/** Spec §4/§6: a cash entry is deleted with a reason, chosen from two. */
export function DeleteCashModal({ entry, onCancel, onDelete }: DeleteCashModalProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    // No zod on the history screen: the shared check says what cashDeleteSchema says.
    resolver: checkResolver<Input, Values>(checkCashDelete),
  });

  const close = () => {
    reset();
    onCancel();
  };
  const error = errors.reason?.message;

  return (
    <Modal open={entry !== null} onClose={close} title={m.history_delete_title()}>
      {entry && (
        <form
          className="form"
          noValidate
          onSubmit={submitUnlessBusy(
            isSubmitting,
            handleSubmit(async (values) => {
              await onDelete(entry, values);
              reset();
            }),
          )}
        >
          <p>
            {m.history_delete_question({
              amount: formatCedis(entry.amount),
              code: entry.code ?? '',
            })}
          </p>
          <fieldset
            className="choice-field"
            aria-describedby={describedBy(error && `${id}-reason-error`)}
          >
            <legend>{m.history_delete_why()}</legend>
            <div className="choice-list">
              {CASH_DELETE_REASONS.map((reason) => (
                <Choice
                  key={reason}
                  type="radio"
                  value={reason}
                  aria-invalid={error ? true : undefined}
                  {...register('reason')}
                  label={cashDeleteReasonLabel(reason)}
                />
              ))}
            </div>
            <FieldError id={`${id}-reason-error`} message={error} />
          </fieldset>
          <div className="button-row form-actions">
            <SubmitButton busy={isSubmitting} busyLabel={m.history_deleting()}>
              {m.history_delete()}
            </SubmitButton>
            <button type="button" className="button button-secondary" onClick={close}>
              {m.giving_cancel()}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
