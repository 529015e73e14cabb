import { checkPlaylist, type Playlist, type PlaylistFormInput } from '../../../shared/videos.ts';
import { m } from '../../../paraglide/messages.js';
import { Field } from '../../components/form-fields.tsx';
import { ContentForm, TEXT_INPUT } from '../admin/index.ts';

interface PlaylistFormProps {
  /** The playlist being edited; a new one when absent. */
  playlist?: Playlist;
  onSave: (values: PlaylistFormInput) => Promise<void>;
  onCancel: () => void;
}

/** A playlist's title and description, checked here and again by the server. */
export function PlaylistForm({ playlist, ...actions }: PlaylistFormProps) {
  return (
    <ContentForm
      {...actions}
      check={checkPlaylist}
      defaultValues={{ title: playlist?.title ?? '', description: playlist?.description ?? '' }}
      submitLabel={playlist ? m.videos_save() : m.videos_add_playlist()}
    >
      {(fields) => (
        <>
          <Field form={fields} name="title" label={m.videos_field_title()} {...TEXT_INPUT} />
          <Field
            form={fields}
            name="description"
            label={m.videos_field_description()}
            as="textarea"
            rows={3}
          />
        </>
      )}
    </ContentForm>
  );
}
