import { z } from 'zod';
import {
  PRAYER_MESSAGES,
  PRAYER_NOTE_MAX,
  PRAYER_REASON_MAX,
  PRAYER_TEXT_MAX,
  PRAYER_VISIBILITIES,
} from '../prayer.ts';

export * from '../prayer.ts';

// The prayer wall (decision 036): the server's checks; the screen's are checkPrayerForm and
// checkAnswerNote in ../prayer.ts, kept equal by prayer.test.ts.

export const prayerCreateSchema = z
  .object({
    text: z
      .string({ error: () => PRAYER_MESSAGES.text })
      .trim()
      .min(1, { error: () => PRAYER_MESSAGES.text })
      .max(PRAYER_TEXT_MAX, { error: () => PRAYER_MESSAGES.textTooLong }),
    visibility: z.enum(PRAYER_VISIBILITIES, { error: () => PRAYER_MESSAGES.visibility }),
    anonymous: z.boolean({ error: () => PRAYER_MESSAGES.anonymous }).default(false),
  })
  .strict();
export type PrayerCreate = z.output<typeof prayerCreateSchema>;

export const prayerAnswerSchema = z
  .object({
    note: z
      .string({ error: () => PRAYER_MESSAGES.note })
      .trim()
      .min(1, { error: () => PRAYER_MESSAGES.note })
      .max(PRAYER_NOTE_MAX, { error: () => PRAYER_MESSAGES.noteTooLong }),
  })
  .strict();

/** Approve, or reject with the reason its author is shown (issue 48). */
export const prayerDecisionSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('approved') }).strict(),
    z
      .object({
        status: z.literal('rejected'),
        reason: z
          .string({ error: () => PRAYER_MESSAGES.reason })
          .trim()
          .min(1, { error: () => PRAYER_MESSAGES.reason })
          .max(PRAYER_REASON_MAX, { error: () => PRAYER_MESSAGES.reasonTooLong }),
      })
      .strict(),
  ],
  { error: () => PRAYER_MESSAGES.status },
);
export type PrayerDecision = z.output<typeof prayerDecisionSchema>;
