import { z } from 'zod';
import { NOTIFICATION_MESSAGES, TIME_PATTERN } from '../notifications.ts';

export * from '../notifications.ts';

// Notifications (decision 041): the server's checks; the profile's form uses checkQuietHours.

const time = z
  .string({ error: NOTIFICATION_MESSAGES.quietTime })
  .regex(TIME_PATTERN, NOTIFICATION_MESSAGES.quietTime);

/** Both times, or both null (no quiet hours). */
export const quietHoursSchema = z
  .object({ from: time.nullable(), until: time.nullable() })
  .strict()
  .refine((v) => (v.from === null) === (v.until === null), {
    error: NOTIFICATION_MESSAGES.quietBoth,
    path: ['until'],
  })
  .refine((v) => v.from === null || v.from !== v.until, {
    error: NOTIFICATION_MESSAGES.quietSame,
    path: ['until'],
  });

const base64url = (max: number) =>
  z
    .string({ error: NOTIFICATION_MESSAGES.subscription })
    .regex(/^[A-Za-z0-9_-]+=*$/, NOTIFICATION_MESSAGES.subscription)
    .max(max, NOTIFICATION_MESSAGES.subscription);

/** PushSubscription.toJSON() as a browser sends it (expirationTime is ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: NOTIFICATION_MESSAGES.subscription })
    .max(1000, NOTIFICATION_MESSAGES.subscription)
    .url(NOTIFICATION_MESSAGES.subscription),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(50) }),
});

export const pushEndpointSchema = z
  .object({ endpoint: z.string({ error: NOTIFICATION_MESSAGES.subscription }).max(1000) })
  .strict();
