import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { checkWeek, type WeekFormInput } from '../../../shared/devotional.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
import { submitUnlessBusy } from '../../components/SubmitButton.tsx';

type WeekInput = WeekFormInput;
export interface WeekFormValues {
  id: number;
  title: string;
}

const fieldNames: FieldPath<WeekInput>[] = ['id', 'title'];

interface WeekFormProps {
  /** The week being renamed; a new week when absent. */
  week?: { id: number; title: string };
  /** A number for a new week (the one after the last). */
  suggestedId?: number;
  onSave: (values: WeekFormValues) => Promise<void>;
  onCancel: () => void;
}

/** A devotional week: its number (1–53, fixed once added) and its title. */
export function WeekForm({ week, suggestedId, onSave, onCancel }: WeekFormProps) {
  const id = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<WeekInput, unknown, WeekFormValues>({
    // No zod on the admin's week form: the shared check says what weekCreateSchema says.
    resolver: checkResolver(checkWeek),
    defaultValues: { id: week?.id ?? suggestedId ?? '', title: week?.title ?? '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async (values: WeekFormValues) => {
    setAlert(null);
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
      {week ? (
        // Renaming keeps the number.
        <input type="hidden" {...register('id')} />
      ) : (
        <Field
          form={fields}
          name="id"
          label="Week number"
          type="number"
          inputMode="numeric"
          min={1}
          max={53}
          step={1}
        />
      )}
      <Field form={fields} name="title" label="Title" type="text" autoComplete="off" />
      <div className="button-row form-actions">
        <button type="submit" className="button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Saving...' : week ? 'Save' : 'Add week'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
