import { m } from '../../paraglide/messages.js';
import { z } from 'zod';
import { parseVideoId } from '../sermons.ts';
import { isDay, VIDEO_ERRORS, VIDEO_LIMITS } from '../videos.ts';

// The video library (decision 040): admins add, edit, reorder and remove playlists and their
// videos. shared/videos.ts `checkPlaylist` / `checkVideo` decide the same for the forms.

export * from '../videos.ts';

const playlistTitle = z
  .string({ error: () => m.shared_support_title_required() })
  .trim()
  .min(1, { error: () => m.shared_support_title_required() })
  .max(VIDEO_LIMITS.playlistTitle, { error: () => VIDEO_ERRORS.playlistTitleTooLong });
const description = z
  .string()
  .trim()
  .max(VIDEO_LIMITS.description, { error: () => VIDEO_ERRORS.descriptionTooLong });

const title = z
  .string({ error: () => m.shared_support_title_required() })
  .trim()
  .min(1, { error: () => m.shared_support_title_required() })
  .max(VIDEO_LIMITS.title, { error: () => VIDEO_ERRORS.titleTooLong });
const video = z
  .string({ error: () => m.shared_sermons_video_required() })
  .trim()
  .min(1, { error: () => m.shared_sermons_video_required() })
  .max(VIDEO_LIMITS.video, { error: () => VIDEO_ERRORS.videoTooLong })
  .transform((value, ctx) => {
    const id = parseVideoId(value);
    if (!id) {
      ctx.addIssue({ code: 'custom', message: m.shared_sermons_video_invalid() });
      return z.NEVER;
    }
    return id;
  });
/** Empty or missing: none. */
const speaker = z
  .string()
  .trim()
  .max(VIDEO_LIMITS.speaker, { error: () => VIDEO_ERRORS.speakerTooLong })
  .nullish()
  .transform((value) => value || null);
const recordedOn = z
  .string()
  .trim()
  .refine((value) => value === '' || isDay(value), { error: () => m.shared_videos_date_format() })
  .nullish()
  .transform((value) => value || null);

const nothingToChange = (v: object) => Object.values(v).some((value) => value !== undefined);

export const playlistCreateSchema = z
  .object({ title: playlistTitle, description: description.default('') })
  .strict();
export const playlistUpdateSchema = z
  .object({ title: playlistTitle.optional(), description: description.optional() })
  .strict()
  .refine(nothingToChange, { error: () => m.shared_sermons_nothing_to_change() });

export const videoCreateSchema = z.object({ title, video, speaker, recordedOn }).strict();
export const videoUpdateSchema = z
  .object({
    title: title.optional(),
    video: video.optional(),
    // Absent: unchanged; null or empty: removed.
    speaker: speaker.optional(),
    recordedOn: recordedOn.optional(),
  })
  .strict()
  .refine(nothingToChange, { error: () => m.shared_sermons_nothing_to_change() });

export const videoOrderSchema = z
  .object({
    ids: z
      .array(z.uuid())
      .min(1, { error: () => m.shared_videos_order() })
      .max(500),
  })
  .strict();
export const idParams = z.object({ id: z.uuid() });
