import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { checkDay, type DayFormInput } from '../../../shared/devotional.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
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
  const form = useForm<DayInput, unknown, DayFormValues>({
    // No zod on the admin's day form: the shared check says what dayUpsertSchema and
    // dayNumberSchema say.
    resolver: checkResolver(checkDay),
    defaultValues: {
      day: day?.day ?? suggestedDay ?? '',
      title: day?.title ?? '',
      documentUrl: day?.documentUrl ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

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

  const fields = formFields(id, form);

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
        <Field
          form={fields}
          name="day"
          label="Day number"
          type="number"
          inputMode="numeric"
          min={1}
          max={366}
          step={1}
        />
      )}
      <Field form={fields} name="title" label="Title" type="text" autoComplete="off" />
      <Field
        form={fields}
        name="documentUrl"
        label="Document link (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="A Google Docs or Google Drive link. Leave it empty to show ‘Coming Soon’."
      />
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
