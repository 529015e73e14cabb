import { and, desc, eq, inArray } from 'drizzle-orm';
import type {
  PushSubscriptionInput,
  NotificationSettings,
} from '../../../shared/schemas/notifications.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { pushSubscriptions, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { pushEndpointAllowed } from '../../platform/push.ts';
import { deviceCount, memberOf } from '../../core/notify.ts';

// A member's notification settings (decision 041): quiet hours, and the devices push goes to
// (decision 052: only the browsers' push services, a member's newest ten).

type Ctx = Pick<AppContext, 'db' | 'config' | 'secrets'>;

export async function getSettings(ctx: Ctx, userId: string): Promise<NotificationSettings> {
  const member = await memberOf(ctx, userId);
  return {
    quietFrom: member?.quietFrom ?? null,
    quietUntil: member?.quietUntil ?? null,
    publicKey: ctx.secrets.vapid.publicKey,
    devices: await deviceCount(ctx, userId),
  };
}

export async function saveQuietHours(
  ctx: Ctx,
  userId: string,
  hours: { from: string | null; until: string | null },
) {
  await ctx.db
    .update(users)
    .set({ quietFrom: hours.from, quietUntil: hours.until, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return {
    message:
      hours.from && hours.until
        ? m.notifications_quiet_saved({ from: hours.from, until: hours.until })
        : m.notifications_quiet_cleared(),
    settings: await getSettings(ctx, userId),
  };
}

/** A member's devices with push on: each notice is pushed to every one (issue 47). */
export const MAX_PUSH_DEVICES = 10;

/**
 * Turns push on for this device: its subscription, kept by its endpoint, which must be a
 * browser push service's. A device another account used before is this member's now (one
 * device, one member signed in). A member keeps their newest MAX_PUSH_DEVICES devices: a
 * browser that subscribes anew leaves its old subscription behind, and an older one goes.
 */
export async function addDevice(
  ctx: Ctx,
  userId: string,
  input: PushSubscriptionInput,
  device: string | null,
) {
  if (!pushEndpointAllowed(input.endpoint, ctx.config.pushTestOrigin)) {
    throw new AppError(400, 'BAD_SUBSCRIPTION', m.notifications_subscription());
  }
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device: device?.slice(0, 200) ?? null,
    createdAt: new Date(),
  };
  await ctx.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  const older = ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .offset(MAX_PUSH_DEVICES);
  await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, older));
  return { message: m.notifications_push_on(), settings: await getSettings(ctx, userId) };
}

/** Turns push off for this device (only the member's own subscription). */
export async function removeDevice(ctx: Ctx, userId: string, endpoint: string) {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
  return { message: m.notifications_push_off(), settings: await getSettings(ctx, userId) };
}
