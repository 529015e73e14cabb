// Notifications (issue 35, decision 041): what each event may be sent by, and the form's
// check both sides share. Without zod (the profile's section checks its form with
// checkQuietHours); schemas/notifications.ts re-exports all of this. The texts are the
// catalogue's notifications_* messages (messages/*.json, decision 042).
import { m } from '../paraglide/messages.js';
import type { Locale } from '../paraglide/runtime.js';

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Each event and the channels it may use; the member's choices pick among them (email and SMS
 * by 'Receipts, codes and notices', push by the devices they turned it on for). A confirmed
 * gift's email and SMS are its receipt (finance/receipts.service.ts), so it adds push only; a
 * pastor's message is a chat: push only, never an SMS a burst of replies would bill.
 */
export const NOTIFICATION_KINDS = {
  'gift.confirmed': ['push'],
  'recurring.failed': ['email', 'sms', 'push'],
  'recurring.due': ['email', 'sms', 'push'],
  'application.decided': ['email', 'sms', 'push'],
  'message.new': ['push'],
  'event.reminder': ['email', 'sms', 'push'],
  'pledge.reminder': ['email', 'sms', 'push'],
  'prayer.answered': ['email', 'sms', 'push'],
} as const satisfies Record<string, readonly NotificationChannel[]>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** 'HH:MM', 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A device's web-push subscription as the browser gives it (PushSubscription.toJSON()). */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The profile's notification settings. */
export interface NotificationSettings {
  quietFrom: string | null;
  quietUntil: string | null;
  /** The browser's applicationServerKey (VAPID public key, base64url). */
  publicKey: string;
  /** How many devices have push turned on. */
  devices: number;
}

/** A change's answer: what it did, and the settings now. */
export interface NotificationsSaved {
  message: string;
  settings: NotificationSettings;
}

/**
 * The form's check (the server's is quietHoursSchema, kept equal by notifications.test.ts), in
 * the browser's language unless told.
 */
export function checkQuietHours(from: string, until: string, locale?: Locale): string | null {
  if (!from && !until) return null;
  if (!from || !until) return m.notifications_quiet_both({}, { locale });
  if (!TIME_PATTERN.test(from) || !TIME_PATTERN.test(until)) {
    return m.notifications_quiet_time({}, { locale });
  }
  if (from === until) return m.notifications_quiet_same({}, { locale });
  return null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When a notice held by quiet hours may go: `now` itself outside them, else the end of the
 * quiet spell (Ghana's time is UTC). A spell whose end is before its start spans midnight.
 */
export function afterQuietHours(now: Date, from: string | null, until: string | null): Date {
  if (!from || !until) return now;
  const start = minutesOf(from);
  const end = minutesOf(until);
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quiet) return now;
  const at = new Date(now);
  at.setUTCHours(Math.floor(end / 60), end % 60, 0, 0);
  if (at <= now) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}
