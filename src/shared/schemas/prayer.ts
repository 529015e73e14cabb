import { z } from 'zod';
import {
  PRAYER_MESSAGES,
  PRAYER_NOTE_MAX,
  PRAYER_REASON_MAX,
  PRAYER_TEXT_MAX,
  PRAYER_VISIBILITIES,
} from '../prayer.ts';
import { m } from '../../paraglide/messages.js';

export * from '../prayer.ts';

// The prayer wall (decision 036): the server's checks; the screen's are checkPrayerForm and
// checkAnswerNote in ../prayer.ts, kept equal by prayer.test.ts.

export const prayerCreateSchema = z
  .object({
    text: z
      .string({ error: () => m.shared_prayer_text() })
      .trim()
      .min(1, { error: () => m.shared_prayer_text() })
      .max(PRAYER_TEXT_MAX, { error: () => PRAYER_MESSAGES.textTooLong }),
    visibility: z.enum(PRAYER_VISIBILITIES, { error: () => m.shared_prayer_visibility() }),
    anonymous: z.boolean({ error: () => m.shared_prayer_anonymous() }).default(false),
  })
  .strict();
export type PrayerCreate = z.output<typeof prayerCreateSchema>;

export const prayerAnswerSchema = z
  .object({
    note: z
      .string({ error: () => m.shared_prayer_note() })
      .trim()
      .min(1, { error: () => m.shared_prayer_note() })
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
          .string({ error: () => m.shared_prayer_reason() })
          .trim()
          .min(1, { error: () => m.shared_prayer_reason() })
          .max(PRAYER_REASON_MAX, { error: () => PRAYER_MESSAGES.reasonTooLong }),
      })
      .strict(),
  ],
  { error: () => m.shared_prayer_status() },
);
export type PrayerDecision = z.output<typeof prayerDecisionSchema>;
