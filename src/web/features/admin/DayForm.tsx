import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { checkDay, type DayFormInput } from '../../../shared/devotional.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { fieldA11y, placeServerErrors } from '../../components/form-fields.tsx';
import { submitUnlessBusy } from '../../components/SubmitButton.tsx';

// The day's number is in the address of the write, its title and link in the body.
type DayInput = DayFormInput;
export interface DayFormValues {
  day: number;
  title: string;
  documentUrl?: string | null;
}

const fieldNames: FieldPath<DayInput>[] = ['day', 'title', 'documentUrl'];

interface DayFormProps {
  /** The day being edited (its number is fixed); a new day when absent. */
  day?: { day: number; title: string; documentUrl: string | null };
  suggestedDay?: number;
  /** Days the week has already, so adding one of them says to edit it instead. */
  takenDays: number[];
  onSave: (values: DayFormValues) => Promise<void>;
  onCancel: () => void;
}

/** A devotional day: its number, title and optional document link ('Coming Soon' without). */
export function DayForm({ day, suggestedDay, takenDays, onSave, onCancel }: DayFormProps) {
  const id = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DayInput, unknown, DayFormValues>({
    // No zod on the admin's day form: the shared check says what dayUpsertSchema and
    // dayNumberSchema say.
    resolver: checkResolver(checkDay),
    defaultValues: {
      day: day?.day ?? suggestedDay ?? '',
      title: day?.title ?? '',
      documentUrl: day?.documentUrl ?? '',
    },
  });

  const onSubmit = async (values: DayFormValues) => {
    setAlert(null);
    if (!day && takenDays.includes(values.day)) {
      setError(
        'day',
        { type: 'taken', message: `Day ${values.day} already exists. Edit it instead.` },
        { shouldFocus: true },
      );
      return;
    }
    try {
      await onSave(values);
    } catch (error) {
      setAlert(placeServerErrors(error, fieldNames, setError) ? null : messageOf(error));
    }
  };

  const { fieldProps, fieldError } = fieldA11y(id, errors);

  return (
    <form
      className="form"
      noValidate
      onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
    >
      {alert && (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      )}
      {day ? (
        <input type="hidden" {...register('day')} />
      ) : (
        <div className="field">
          <label htmlFor={`${id}-day`}>Day number</label>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={366}
            step={1}
            {...fieldProps('day')}
            {...register('day')}
          />
          {fieldError('day')}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input type="text" autoComplete="off" {...fieldProps('title')} {...register('title')} />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-documentUrl`}>Document link (optional)</label>
        <input
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...fieldProps('documentUrl', `${id}-documentUrl-hint`)}
          {...register('documentUrl')}
        />
        <p id={`${id}-documentUrl-hint`} className="field-hint muted">
          A Google Docs or Google Drive link. Leave it empty to show ‘Coming Soon’.
        </p>
        {fieldError('documentUrl')}
      </div>
      <div className="button-row form-actions">
        <button type="submit" className="button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Saving...' : day ? 'Save' : 'Add day'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
