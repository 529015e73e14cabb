import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidKey } from './columns.ts';
import { member } from './references.ts';

// Notifications and web push (decision 041).

/** A device's web-push subscription (one per browser endpoint), gone when its service says so. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidKey(),
    userId: member(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser's own description, to tell a member's devices apart. */
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * One notice to one member for one event (`key` is unique: a second notify changes nothing).
 * Each channel's column is set before it is sent (cleared when the send fails), so no channel
 * sends twice; jobs `notifications.send` deliver what is due.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidKey(),
    userId: member(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The screen a tap opens (a path of the app). */
    url: text('url').notNull(),
    emailSubject: text('email_subject'),
    emailText: text('email_text'),
    smsText: text('sms_text'),
    emailAt: timestamptz('email_at'),
    smsAt: timestamptz('sms_at'),
    pushAt: timestamptz('push_at'),
    /**
     * A channel being sent now (decision 041): set by the instance that took it, cleared when
     * it was sent or failed. A claim older than NOTIFICATION_CLAIM_MS is a dead instance's.
     */
    emailClaimedAt: timestamptz('email_claimed_at'),
    smsClaimedAt: timestamptz('sms_claimed_at'),
    pushClaimedAt: timestamptz('push_claimed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);
