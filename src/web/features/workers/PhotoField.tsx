import { m } from '../../../paraglide/messages.js';
import { FieldError, describedBy } from '../../components/FieldError.tsx';

export type PhotoState =
  | { status: 'empty' }
  | { status: 'uploading'; name: string; progress: number; previewUrl: string | null }
  | { status: 'done'; id: string; name: string; previewUrl: string | null }
  | { status: 'failed'; name: string; message: string; previewUrl: string | null; file: File };

interface PhotoFieldProps {
  id: string;
  label: string;
  state: PhotoState;
  error: string | undefined;
  errorId: string;
  onFile: (file: File) => void;
}

/**
 * The passport photo (spec §9: an image accept filter; on phones the camera or the gallery).
 * It uploads as soon as it is chosen, with its progress, while the member goes on typing.
 */
export function PhotoField({ id, label, state, error, errorId, onFile }: PhotoFieldProps) {
  const statusId = `${id}-status`;
  const preview = state.status === 'empty' ? null : state.previewUrl;
  return (
    <div className="field photo-field">
      <label htmlFor={id}>{label}</label>
      <div className="photo-row">
        <div className="photo-preview" aria-hidden="true">
          {preview ? (
            <img src={preview} alt="" width={72} height={96} />
          ) : (
            <span>{m.workers_photo()}</span>
          )}
        </div>
        <div className="photo-controls">
          {/* The native control, visually hidden but focusable; its label is the button. */}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/*"
            className="photo-input visually-hidden"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && errorId, statusId)}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onFile(file);
              e.target.value = '';
            }}
          />
          <label htmlFor={id} className="button button-secondary button-small photo-choose">
            {state.status === 'empty' ? m.workers_photo_choose() : m.workers_photo_choose_another()}
          </label>
          <p id={statusId} className="field-hint" role="status">
            {state.status === 'empty' && m.workers_photo_hint()}
            {state.status === 'uploading' &&
              m.workers_photo_uploading({
                name: state.name,
                percent: Math.round(state.progress * 100),
              })}
            {state.status === 'done' && m.workers_photo_uploaded({ name: state.name })}
          </p>
          {state.status === 'uploading' && (
            <progress
              max={1}
              value={state.progress}
              aria-label={m.workers_photo_uploading_label({ label })}
            />
          )}
          {state.status === 'failed' && (
            <div className="form-alert" role="alert">
              <p>{state.message}</p>
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={() => onFile(state.file)}
              >
                {m.workers_try_again()}
              </button>
            </div>
          )}
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
