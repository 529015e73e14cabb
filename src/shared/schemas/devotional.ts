import { z } from 'zod';
import {
  DEVOTIONAL_ERRORS,
  DEVOTIONAL_LIMITS,
  normalizeDocumentUrl,
  readWholeNumber,
} from '../devotional.ts';
import { m } from '../../paraglide/messages.js';

// Devotional (spec §2 /devotional…; §7 document preview links). Admins may edit weeks and
// days (issue 4, beyond the spec's fixed content).

export {
  DEVOTIONAL_MESSAGES,
  DEVOTIONAL_ERRORS,
  DEVOTIONAL_LIMITS,
  checkWeek,
  checkDay,
  DOCUMENT_HOSTS,
  normalizeDocumentUrl,
  type DevotionalWeekSummary,
  type DevotionalDaySummary,
  type DevotionalWeek,
  type DevotionalDay,
} from '../devotional.ts';

const title = z
  .string({ error: () => m.shared_support_title_required() })
  .trim()
  .min(1, { error: () => m.shared_support_title_required() })
  .max(DEVOTIONAL_LIMITS.title, { error: () => DEVOTIONAL_ERRORS.titleTooLong });

const documentUrl = z
  .string()
  .trim()
  .max(DEVOTIONAL_LIMITS.documentUrl, { error: () => DEVOTIONAL_ERRORS.documentUrlTooLong })
  .transform((value, ctx) => {
    if (value === '') return null;
    const url = normalizeDocumentUrl(value);
    if (!url) {
      ctx.addIssue({
        code: 'custom',
        message: m.shared_devotional_document_url_invalid(),
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
const wholeNumber = (message: () => string, max: number) =>
  z.preprocess(
    readWholeNumber,
    z
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(max, { error: message }),
  );

export const weekNumberSchema = wholeNumber(() => DEVOTIONAL_ERRORS.week, DEVOTIONAL_LIMITS.week);

export const dayNumberSchema = wholeNumber(() => DEVOTIONAL_ERRORS.day, DEVOTIONAL_LIMITS.day);

export const weekCreateSchema = z.object({ id: weekNumberSchema, title }).strict();
export const weekUpdateSchema = z.object({ title }).strict();
export const dayUpsertSchema = z.object({ title, documentUrl: documentUrl.optional() }).strict();

export type DayUpsertInput = z.input<typeof dayUpsertSchema>;
