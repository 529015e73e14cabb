import { checkVideo, type LibraryVideo, type VideoValues } from '../../../shared/videos.ts';
import { Field } from '../../components/form-fields.tsx';
import { ContentForm } from '../admin/content-editing.tsx';

interface VideoFormProps {
  /** The video being edited; a new one when absent. */
  video?: LibraryVideo;
  onSave: (values: VideoValues) => Promise<void>;
  onCancel: () => void;
}

/** A video's title, link, speaker and date, checked here and again by the server. */
export function VideoForm({ video, onSave, onCancel }: VideoFormProps) {
  return (
    <ContentForm
      check={checkVideo}
      defaultValues={{
        title: video?.title ?? '',
        video: video?.videoId ?? '',
        speaker: video?.speaker ?? '',
        recordedOn: video?.recordedOn ?? '',
      }}
      onSave={onSave}
      onCancel={onCancel}
      submitLabel={video ? 'Save' : 'Add video'}
    >
      {(fields) => (
        <>
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
          <Field
            form={fields}
            name="speaker"
            label="Speaker (optional)"
            type="text"
            autoComplete="off"
          />
          <Field form={fields} name="recordedOn" label="Date (optional)" type="date" />
        </>
      )}
    </ContentForm>
  );
}
