// Sermons (spec §2 /sermons, /sermons/{id}; §7 embeds): what both sides need to show one,
// without zod, so the pages that only show sermons do not download the schema library.

export const SERMON_MESSAGES = {
  notFound: 'Sermon not found.',
} as const;

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
