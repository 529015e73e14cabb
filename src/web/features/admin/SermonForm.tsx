import { m } from '../../../paraglide/messages.js';
import { checkSermon, type Sermon } from '../../../shared/sermons.ts';
import { Field } from '../../components/form-fields.tsx';
import type { SermonValues } from '../sermons/index.ts';
import { ContentForm } from './content-editing.tsx';

interface SermonFormProps {
  /** The sermon being edited; a new one when absent. */
  sermon?: Sermon;
  /** Sends the values; throws an ApiError when the server refuses them. */
  onSave: (values: SermonValues) => Promise<void>;
  onCancel: () => void;
}

/** Title and video (a link or the 11-character id), checked here and again by the server. */
export function SermonForm({ sermon, onSave, onCancel }: SermonFormProps) {
  return (
    <ContentForm
      check={checkSermon}
      defaultValues={{ title: sermon?.title ?? '', video: sermon?.videoId ?? '' }}
      onSave={onSave}
      onCancel={onCancel}
      submitLabel={sermon ? m.admin_save() : m.admin_add_sermon()}
    >
      {(fields) => (
        <>
          <Field
            form={fields}
            name="title"
            label={m.admin_title_label()}
            type="text"
            autoComplete="off"
          />
          <Field
            form={fields}
            name="video"
            label={m.admin_video_label()}
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint={m.admin_video_hint()}
          />
        </>
      )}
    </ContentForm>
  );
}
