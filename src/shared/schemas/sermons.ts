import { z } from 'zod';
import { parseVideoId } from '../sermons.ts';

// Sermons (spec §2 /sermons, /sermons/{id}; §7 embeds). Admins may add, edit, reorder and
// remove them (issue 4, beyond the spec's fixed list).

export {
  SERMON_MESSAGES,
  VIDEO_ID_PATTERN,
  parseVideoId,
  thumbnailUrl,
  embedUrl,
  type Sermon,
} from '../sermons.ts';

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
