import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { checkSermon, type Sermon, type SermonFormInput } from '../../../shared/sermons.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { Field, formFields, placeServerErrors } from '../../components/form-fields.tsx';
import { submitUnlessBusy } from '../../components/SubmitButton.tsx';
import type { SermonValues } from '../sermons/sermons.api.ts';

const fieldNames: FieldPath<SermonFormInput>[] = ['title', 'video'];

interface SermonFormProps {
  /** The sermon being edited; a new one when absent. */
  sermon?: Sermon;
  /** Sends the values; throws an ApiError when the server refuses them. */
  onSave: (values: SermonValues) => Promise<void>;
  onCancel: () => void;
}

/** Title and video (a link or the 11-character id), checked here and again by the server. */
export function SermonForm({ sermon, onSave, onCancel }: SermonFormProps) {
  const id = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<SermonFormInput, unknown, SermonValues>({
    // No zod on the admin's sermon form: the shared check says what sermonCreateSchema says.
    resolver: checkResolver(checkSermon),
    defaultValues: { title: sermon?.title ?? '', video: sermon?.videoId ?? '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async (values: SermonValues) => {
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
      <Field form={fields} name="title" label="Title" type="text" autoComplete="off" />
      <Field
        form={fields}
        name="video"
        label="Video link or id"
        type="text"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="Paste the video’s link (youtube.com/watch?v=… or youtu.be/…) or its 11-character id."
      />
      <div className="button-row form-actions">
        <button type="submit" className="button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Saving...' : sermon ? 'Save' : 'Add sermon'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
