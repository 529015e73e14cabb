import { checkVideo, type LibraryVideo, type VideoValues } from '../../../shared/videos.ts';
import { m } from '../../../paraglide/messages.js';
import { Field } from '../../components/form-fields.tsx';
import { ContentForm, LINK_INPUT, TEXT_INPUT } from '../admin/index.ts';

interface VideoFormProps {
  /** The video being edited; a new one when absent. */
  video?: LibraryVideo;
  onSave: (values: VideoValues) => Promise<void>;
  onCancel: () => void;
}

/** A video's title, link, speaker and date, checked here and again by the server. */
export function VideoForm({ video, ...actions }: VideoFormProps) {
  return (
    <ContentForm
      {...actions}
      check={checkVideo}
      defaultValues={{
        title: video?.title ?? '',
        video: video?.videoId ?? '',
        speaker: video?.speaker ?? '',
        recordedOn: video?.recordedOn ?? '',
      }}
      submitLabel={video ? m.videos_save() : m.videos_add_video()}
    >
      {(fields) => (
        <>
          <Field form={fields} name="title" label={m.videos_field_title()} {...TEXT_INPUT} />
          <Field
            form={fields}
            name="video"
            label={m.videos_field_video()}
            {...LINK_INPUT}
            hint={m.videos_video_hint()}
          />
          <Field form={fields} name="speaker" label={m.videos_field_speaker()} {...TEXT_INPUT} />
          <Field form={fields} name="recordedOn" label={m.videos_field_date()} type="date" />
        </>
      )}
    </ContentForm>
  );
}
