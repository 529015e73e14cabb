import { z } from 'zod';
import { normalizeDocumentUrl } from '../devotional.ts';

// Devotional (spec §2 /devotional…; §7 document preview links). Admins may edit weeks and
// days (issue 4, beyond the spec's fixed content).

export {
  DEVOTIONAL_MESSAGES,
  DOCUMENT_HOSTS,
  normalizeDocumentUrl,
  type DevotionalWeekSummary,
  type DevotionalDaySummary,
  type DevotionalWeek,
  type DevotionalDay,
} from '../devotional.ts';

const title = z
  .string({ error: 'Title is required.' })
  .trim()
  .min(1, 'Title is required.')
  .max(200, 'Title must be at most 200 characters.');

const documentUrl = z
  .string()
  .trim()
  .max(500, 'Document link must be at most 500 characters.')
  .transform((value, ctx) => {
    if (value === '') return null;
    const url = normalizeDocumentUrl(value);
    if (!url) {
      ctx.addIssue({
        code: 'custom',
        message:
          'Enter an https link to a Google Docs or Google Drive document, or leave it empty.',
      });
      return z.NEVER;
    }
    return url;
  })
  .nullable()
  .transform((v) => v ?? null);

/**
 * A whole number from a JSON number or a string of digits (a path parameter, a form field).
 * Not z.coerce: that would also turn `true` into 1 and `[]` into 0.
 */
const wholeNumber = (message: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

export const weekNumberSchema = wholeNumber('Week must be a whole number from 1 to 53.', 53);

export const dayNumberSchema = wholeNumber('Day must be a whole number from 1 to 366.', 366);

export const weekCreateSchema = z.object({ id: weekNumberSchema, title }).strict();
export const weekUpdateSchema = z.object({ title }).strict();
export const dayUpsertSchema = z.object({ title, documentUrl: documentUrl.optional() }).strict();

export type DayUpsertInput = z.input<typeof dayUpsertSchema>;
