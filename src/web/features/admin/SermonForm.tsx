import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { checkSermon, type Sermon, type SermonFormInput } from '../../../shared/sermons.ts';
import { messageOf } from '../../api.ts';
import { checkResolver } from '../../components/check-resolver.ts';
import { fieldA11y, placeServerErrors } from '../../components/form-fields.tsx';
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SermonFormInput, unknown, SermonValues>({
    // No zod on the admin's sermon form: the shared check says what sermonCreateSchema says.
    resolver: checkResolver(checkSermon),
    defaultValues: { title: sermon?.title ?? '', video: sermon?.videoId ?? '' },
  });

  const onSubmit = async (values: SermonValues) => {
    setAlert(null);
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
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input type="text" autoComplete="off" {...fieldProps('title')} {...register('title')} />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-video`}>Video link or id</label>
        <input
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...fieldProps('video', `${id}-video-hint`)}
          {...register('video')}
        />
        <p id={`${id}-video-hint`} className="field-hint muted">
          Paste the video’s link (youtube.com/watch?v=… or youtu.be/…) or its 11-character id.
        </p>
        {fieldError('video')}
      </div>
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
