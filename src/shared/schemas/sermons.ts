import { z } from 'zod';

// Sermons (spec §2 /sermons, /sermons/{id}; §7 embeds). Admins may add, edit, reorder and
// remove them (issue 4, beyond the spec's fixed list).

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

const title = z
  .string({ error: 'Title is required.' })
  .trim()
  .min(1, 'Title is required.')
  .max(200, 'Title must be at most 200 characters.');

const video = z
  .string({ error: 'Video link or id is required.' })
  .trim()
  .min(1, 'Video link or id is required.')
  .max(300, 'Video link must be at most 300 characters.')
  .transform((value, ctx) => {
    const id = parseVideoId(value);
    if (!id) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a video link (youtube.com/watch?v=…, youtu.be/…) or its 11-character id.',
      });
      return z.NEVER;
    }
    return id;
  });

export const sermonCreateSchema = z.object({ title, video }).strict();
export const sermonUpdateSchema = z
  .object({ title: title.optional(), video: video.optional() })
  .strict()
  .refine((v) => v.title !== undefined || v.video !== undefined, 'Nothing to change.');
export const sermonOrderSchema = z
  .object({
    ids: z.array(z.string().min(1).max(80)).min(1, 'Give the sermons in their new order.').max(500),
  })
  .strict();

export type SermonCreateInput = z.input<typeof sermonCreateSchema>;
export type SermonUpdateInput = z.input<typeof sermonUpdateSchema>;
