import { m } from '../paraglide/messages.js';

// Sermons (spec §2 /sermons, /sermons/{id}; §7 embeds): what both sides need to show one,
// without zod, so the pages that only show sermons do not download the schema library.

export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

const videoHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);

/** The 11-character video id from an id or any usual link form; null when there is none. */
export function parseVideoId(input: string): string | null {
  const value = input.trim();
  if (VIDEO_ID_PATTERN.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!videoHosts.has(url.hostname)) return null;
  const candidate =
    url.hostname === 'youtu.be'
      ? url.pathname.slice(1)
      : url.pathname === '/watch'
        ? url.searchParams.get('v')
        : url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/)?.[1];
  return candidate && VIDEO_ID_PATTERN.test(candidate) ? candidate : null;
}

/** Thumbnail from the video platform (spec §7); `mqdefault` is 320×180, about 10–20 kB. */
export const thumbnailUrl = (videoId: string) => `https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`;

/** Privacy-enhanced embed, loaded only when the member taps play. */
export const embedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0&modestbranding=1`;

export interface Sermon {
  id: string;
  title: string;
  videoId: string;
}

/** The sermon form's limits and texts; schemas/sermons.ts builds the server's schema from them. */
export const SERMON_LIMITS = { title: 200, video: 300 } as const;
export const SERMON_ERRORS = {
  get titleTooLong() {
    return m.shared_devotional_title_too_long({ max: SERMON_LIMITS.title });
  },
  get videoTooLong() {
    return m.shared_sermons_video_too_long({ max: SERMON_LIMITS.video });
  },
};

export interface SermonFormInput {
  title: string;
  video: string;
}
export type SermonCheck =
  | { ok: true; values: { title: string; video: string } }
  | { ok: false; errors: Partial<Record<keyof SermonFormInput, string>> };

/**
 * What `sermonCreateSchema` decides, without zod, so the admin's sermon form does not load the
 * schema library (decision 011); sermons.test.ts keeps the two in step. The video comes back
 * as its 11-character id.
 */
export function checkSermon(input: SermonFormInput): SermonCheck {
  const errors: Partial<Record<keyof SermonFormInput, string>> = {};
  const title = input.title.trim();
  if (title.length === 0) errors.title = m.shared_support_title_required();
  else if (title.length > SERMON_LIMITS.title) errors.title = SERMON_ERRORS.titleTooLong;
  const link = input.video.trim();
  const video = parseVideoId(link);
  if (link.length === 0) errors.video = m.shared_sermons_video_required();
  else if (link.length > SERMON_LIMITS.video) errors.video = SERMON_ERRORS.videoTooLong;
  else if (!video) errors.video = m.shared_sermons_video_invalid();
  return video && Object.keys(errors).length === 0
    ? { ok: true, values: { title, video } }
    : { ok: false, errors };
}
