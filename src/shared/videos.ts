import { m } from '../paraglide/messages.js';
import { parseVideoId } from './sermons.ts';

// The video library (decision 040): playlists of videos beyond the ten sermons. What both
// sides need, without zod, so the screens and the admin's forms do not download the schema
// library (decision 011); schemas/videos.ts builds the server's schemas from it and
// videos.test.ts keeps the two in step.

export interface LibraryVideo {
  id: string;
  title: string;
  /** The video platform's 11-character id (shared/sermons.ts: thumbnail and embed). */
  videoId: string;
  speaker: string | null;
  /** YYYY-MM-DD, when the admin gave it. */
  recordedOn: string | null;
}

export interface Playlist {
  id: string;
  title: string;
  description: string;
  videos: LibraryVideo[];
}

export const VIDEO_LIMITS = {
  playlistTitle: 200,
  description: 1000,
  title: 200,
  video: 300,
  speaker: 100,
} as const;

export const VIDEO_ERRORS = {
  get playlistTitleTooLong() {
    return m.shared_devotional_title_too_long({ max: VIDEO_LIMITS.playlistTitle });
  },
  get descriptionTooLong() {
    return m.shared_videos_description_too_long({ max: VIDEO_LIMITS.description });
  },
  get titleTooLong() {
    return m.shared_devotional_title_too_long({ max: VIDEO_LIMITS.title });
  },
  get videoTooLong() {
    return m.shared_sermons_video_too_long({ max: VIDEO_LIMITS.video });
  },
  get speakerTooLong() {
    return m.shared_videos_speaker_too_long({ max: VIDEO_LIMITS.speaker });
  },
};

/** A real YYYY-MM-DD day (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

type Check<I, V> =
  { ok: true; values: V } | { ok: false; errors: Partial<Record<keyof I, string>> };

export interface PlaylistFormInput {
  title: string;
  description: string;
}

export function checkPlaylist(
  input: PlaylistFormInput,
): Check<PlaylistFormInput, PlaylistFormInput> {
  const errors: Partial<Record<keyof PlaylistFormInput, string>> = {};
  const title = input.title.trim();
  const description = input.description.trim();
  if (title.length === 0) errors.title = m.shared_support_title_required();
  else if (title.length > VIDEO_LIMITS.playlistTitle)
    errors.title = VIDEO_ERRORS.playlistTitleTooLong;
  if (description.length > VIDEO_LIMITS.description)
    errors.description = VIDEO_ERRORS.descriptionTooLong;
  return Object.keys(errors).length === 0
    ? { ok: true, values: { title, description } }
    : { ok: false, errors };
}

export interface VideoFormInput {
  title: string;
  video: string;
  speaker: string;
  recordedOn: string;
}
/** What the server takes: the video as its id, an empty speaker or date as null. */
export interface VideoValues {
  title: string;
  video: string;
  speaker: string | null;
  recordedOn: string | null;
}

export function checkVideo(input: VideoFormInput): Check<VideoFormInput, VideoValues> {
  const errors: Partial<Record<keyof VideoFormInput, string>> = {};
  const title = input.title.trim();
  if (title.length === 0) errors.title = m.shared_support_title_required();
  else if (title.length > VIDEO_LIMITS.title) errors.title = VIDEO_ERRORS.titleTooLong;
  const link = input.video.trim();
  const video = parseVideoId(link);
  if (link.length === 0) errors.video = m.shared_sermons_video_required();
  else if (link.length > VIDEO_LIMITS.video) errors.video = VIDEO_ERRORS.videoTooLong;
  else if (!video) errors.video = m.shared_sermons_video_invalid();
  const speaker = input.speaker.trim();
  if (speaker.length > VIDEO_LIMITS.speaker) errors.speaker = VIDEO_ERRORS.speakerTooLong;
  const recordedOn = input.recordedOn.trim();
  if (recordedOn && !isDay(recordedOn)) errors.recordedOn = m.shared_videos_date_format();
  return video && Object.keys(errors).length === 0
    ? {
        ok: true,
        values: { title, video, speaker: speaker || null, recordedOn: recordedOn || null },
      }
    : { ok: false, errors };
}
