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

export const VIDEO_MESSAGES = {
  playlistNotFound: 'Playlist not found.',
  videoNotFound: 'Video not found.',
  playlistOrder: 'The new order must list every playlist exactly once. Reload and try again.',
  videoOrder:
    'The new order must list every video of the playlist exactly once. Reload and try again.',
} as const;

export const VIDEO_ERRORS = {
  titleRequired: 'Title is required.',
  playlistTitleTooLong: `Title must be at most ${VIDEO_LIMITS.playlistTitle} characters.`,
  descriptionTooLong: `Description must be at most ${VIDEO_LIMITS.description} characters.`,
  titleTooLong: `Title must be at most ${VIDEO_LIMITS.title} characters.`,
  videoRequired: 'Video link or id is required.',
  videoTooLong: `Video link must be at most ${VIDEO_LIMITS.video} characters.`,
  videoInvalid: 'Enter a video link (youtube.com/watch?v=…, youtu.be/…) or its 11-character id.',
  speakerTooLong: `Speaker must be at most ${VIDEO_LIMITS.speaker} characters.`,
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
} as const;

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
  if (title.length === 0) errors.title = VIDEO_ERRORS.titleRequired;
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
  if (title.length === 0) errors.title = VIDEO_ERRORS.titleRequired;
  else if (title.length > VIDEO_LIMITS.title) errors.title = VIDEO_ERRORS.titleTooLong;
  const link = input.video.trim();
  const video = parseVideoId(link);
  if (link.length === 0) errors.video = VIDEO_ERRORS.videoRequired;
  else if (link.length > VIDEO_LIMITS.video) errors.video = VIDEO_ERRORS.videoTooLong;
  else if (!video) errors.video = VIDEO_ERRORS.videoInvalid;
  const speaker = input.speaker.trim();
  if (speaker.length > VIDEO_LIMITS.speaker) errors.speaker = VIDEO_ERRORS.speakerTooLong;
  const recordedOn = input.recordedOn.trim();
  if (recordedOn && !isDay(recordedOn)) errors.recordedOn = VIDEO_ERRORS.dateInvalid;
  return video && Object.keys(errors).length === 0
    ? {
        ok: true,
        values: { title, video, speaker: speaker || null, recordedOn: recordedOn || null },
      }
    : { ok: false, errors };
}
