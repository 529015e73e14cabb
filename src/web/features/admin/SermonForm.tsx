import { m } from '../../../paraglide/messages.js';
import { checkSermon, type Sermon } from '../../../shared/sermons.ts';
import { Field } from '../../components/form-fields.tsx';
import type { SermonValues } from '../sermons/index.ts';
import { ContentForm, LINK_INPUT, TEXT_INPUT } from './content-editing.tsx';

interface SermonFormProps {
  /** The sermon being edited; a new one when absent. */
  sermon?: Sermon;
  /** Sends the values; throws an ApiError when the server refuses them. */
  onSave: (values: SermonValues) => Promise<void>;
  onCancel: () => void;
}

/** Title and video (a link or the 11-character id), checked here and again by the server. */
export function SermonForm({ sermon, ...actions }: SermonFormProps) {
  return (
    <ContentForm
      {...actions}
      check={checkSermon}
      defaultValues={{ title: sermon?.title ?? '', video: sermon?.videoId ?? '' }}
      submitLabel={sermon ? m.admin_save() : m.admin_add_sermon()}
    >
      {(fields) => (
        <>
          <Field form={fields} name="title" label={m.admin_title_label()} {...TEXT_INPUT} />
          <Field
            form={fields}
            name="video"
            label={m.admin_video_label()}
            {...LINK_INPUT}
            hint={m.admin_video_hint()}
          />
        </>
      )}
    </ContentForm>
  );
}
