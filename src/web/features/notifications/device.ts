import type { NotificationsSaved, PushSubscriptionInput } from '../../../shared/notifications.ts';
import { apiFetch } from '../../api.ts';
import { notificationApiPaths } from './notifications.paths.ts';

// This device's web-push subscription (decision 041), through the service worker Layout
// registers. Loaded by the profile's notification section, and at logout when this browser
// may have one.

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The worker, or null when none is active within a few seconds (a dev server has none). */
async function worker(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 8000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as the bytes PushManager wants (every browser takes these). */
function keyBytes(base64url: string) {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Asks the member's permission and subscribes this browser. 'denied' when they (or the
 * browser) refused; throws when the browser or its push service failed.
 */
export async function subscribeThisDevice(
  publicKey: string,
): Promise<PushSubscriptionInput | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await worker();
  if (!registration) throw new Error('no service worker');
  let subscription = await registration.pushManager.getSubscription();
  const key = keyBytes(publicKey);
  const sameKey = (s: PushSubscription) => {
    const current = s.options.applicationServerKey;
    return !!current && new Uint8Array(current).every((byte, i) => byte === key[i]);
  };
  // A subscription made for another key (the server's keys changed) cannot be used.
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscription.toJSON() as PushSubscriptionInput;
}

export const addDevice = (subscription: PushSubscriptionInput) =>
  apiFetch<NotificationsSaved>(notificationApiPaths.devices, {
    method: 'POST',
    body: subscription,
  });

/**
 * This device stops receiving the member's notices (turned off, or at logout): the server
 * forgets it, then the browser. Null when it had no subscription.
 */
export async function forgetThisDevice(): Promise<NotificationsSaved | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const saved = await apiFetch<NotificationsSaved>(notificationApiPaths.devices, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe().catch(() => false);
  return saved;
}
