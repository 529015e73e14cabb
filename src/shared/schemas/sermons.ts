import { m } from '../../paraglide/messages.js';
import { z } from 'zod';
import { parseVideoId, SERMON_ERRORS, SERMON_LIMITS } from '../sermons.ts';

// Sermons (spec §2 /sermons, /sermons/{id}; §7 embeds). Admins may add, edit, reorder and
// remove them (issue 4, beyond the spec's fixed list).

export {
  SERMON_ERRORS,
  SERMON_LIMITS,
  checkSermon,
  VIDEO_ID_PATTERN,
  parseVideoId,
  thumbnailUrl,
  embedUrl,
  type Sermon,
} from '../sermons.ts';

const title = z
  .string({ error: () => m.shared_support_title_required() })
  .trim()
  .min(1, { error: () => m.shared_support_title_required() })
  .max(SERMON_LIMITS.title, { error: () => SERMON_ERRORS.titleTooLong });

const video = z
  .string({ error: () => m.shared_sermons_video_required() })
  .trim()
  .min(1, { error: () => m.shared_sermons_video_required() })
  .max(SERMON_LIMITS.video, { error: () => SERMON_ERRORS.videoTooLong })
  .transform((value, ctx) => {
    const id = parseVideoId(value);
    if (!id) {
      ctx.addIssue({
        code: 'custom',
        message: m.shared_sermons_video_invalid(),
      });
      return z.NEVER;
    }
    return id;
  });

export const sermonCreateSchema = z.object({ title, video }).strict();
export const sermonUpdateSchema = z
  .object({ title: title.optional(), video: video.optional() })
  .strict()
  .refine((v) => v.title !== undefined || v.video !== undefined, {
    error: () => m.shared_sermons_nothing_to_change(),
  });
export const sermonOrderSchema = z
  .object({
    ids: z
      .array(z.string().min(1).max(80))
      .min(1, { error: () => m.shared_sermons_order() })
      .max(500),
  })
  .strict();

export type SermonCreateInput = z.input<typeof sermonCreateSchema>;
export type SermonUpdateInput = z.input<typeof sermonUpdateSchema>;
