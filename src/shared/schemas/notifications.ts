import { z } from 'zod';
import { m } from '../../paraglide/messages.js';
import { TIME_PATTERN } from '../notifications.ts';

export * from '../notifications.ts';

// Notifications (decision 041): the server's checks; the profile's form uses checkQuietHours.
// Each message is read when a value is refused: in the language in force then.
const quietTime = () => m.notifications_quiet_time();
const subscription = () => m.notifications_subscription();

const time = z.string({ error: quietTime }).regex(TIME_PATTERN, { error: quietTime });

/** Both times, or both null (no quiet hours). */
export const quietHoursSchema = z
  .object({ from: time.nullable(), until: time.nullable() })
  .strict()
  .refine((v) => (v.from === null) === (v.until === null), {
    error: () => m.notifications_quiet_both(),
    path: ['until'],
  })
  .refine((v) => v.from === null || v.from !== v.until, {
    error: () => m.notifications_quiet_same(),
    path: ['until'],
  });

const base64url = (max: number) =>
  z
    .string({ error: subscription })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: subscription })
    .max(max, { error: subscription });

/** PushSubscription.toJSON() as a browser sends it (expirationTime is ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: subscription })
    .max(1000, { error: subscription })
    .url({ error: subscription }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(50) }),
});

export const pushEndpointSchema = z
  .object({ endpoint: z.string({ error: subscription }).max(1000) })
  .strict();
