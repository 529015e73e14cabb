import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CASH_DELETE_REASONS, type CashDeleteReason } from '../../../shared/constants.ts';
import { checkCashDelete, formatCedis } from '../../../shared/giving.ts';
import type { HistoryEntry } from '../../../shared/schemas/giving.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { Modal } from '../../components/Modal.tsx';
import { SubmitButton, submitUnlessBusy } from '../../components/SubmitButton.tsx';

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
    <Modal open={entry !== null} onClose={close} title="Delete cash payment">
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
            Delete the cash entry of GHS {formatCedis(entry.amount)} with code {entry.code}? It will
            no longer count as given.
          </p>
          <fieldset
            className="choice-field"
            aria-describedby={describedBy(error && `${id}-reason-error`)}
          >
            <legend>Why are you deleting it?</legend>
            <div className="choice-list">
              {CASH_DELETE_REASONS.map((reason) => (
                <label key={reason} className="choice">
                  <input
                    type="radio"
                    value={reason}
                    aria-invalid={error ? true : undefined}
                    {...register('reason')}
                  />
                  <span>{reason}</span>
                </label>
              ))}
            </div>
            <FieldError id={`${id}-reason-error`} message={error} />
          </fieldset>
          <div className="button-row form-actions">
            <SubmitButton busy={isSubmitting} busyLabel="Deleting...">
              Delete
            </SubmitButton>
            <button type="button" className="button button-secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
