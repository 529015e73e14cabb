// Web push (issue 35, decision 041). `web-push` signs (VAPID, RFC 8292) and encrypts (RFC 8291,
// aes128gcm) the request; we send it with fetch so the timeout, redirects and the answer are
// ours. The library is loaded on the first push, not when the server starts.

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (sw.ts): a title, a line, the screen a tap opens. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** One notice per tag on the device: a newer one with the same tag replaces it. */
  tag: string;
}

/** How long a push service keeps a push for a phone that is off (a day). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * The push services browsers subscribe with (issue 47): Chrome's and Android's (FCM),
 * Firefox's (Mozilla), Safari's (Apple) and Edge's on Windows (WNS). An endpoint is a URL a
 * browser hands us; it is fetched only on one of these hosts, so no member can make Flock
 * call an address of their choosing (169.254.169.254, the database, the LAN).
 */
const PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];
const PUSH_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

/** How long one push service may take to answer: pushes run in jobs, several at once. */
export const PUSH_TIMEOUT_MS = 5_000;

/**
 * An address a browser gave as its push endpoint may be sent to: https on a known push
 * service's host and port, or — in tests only (PUSH_TEST_ORIGIN, refused in production) — the
 * one push service on this machine the test started.
 */
export function pushEndpointAllowed(endpoint: string, testOrigin?: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (testOrigin && url.origin === testOrigin) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  return PUSH_HOSTS.includes(host) || PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * Sends one push. 'gone' when the push service says the subscription no longer exists (404,
 * 410): the caller forgets it. Any other failure throws.
 */
export interface PushOptions {
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** The tests' push service (config.pushTestOrigin). */
  testOrigin: string | undefined;
  timeoutMs: number;
}

export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  options: PushOptions,
): Promise<'sent' | 'gone'> {
  // Kept before the hosts were checked: never fetched, forgotten.
  if (!pushEndpointAllowed(target.endpoint, options.testOrigin)) return 'gone';
  const { default: webpush } = await import('web-push');
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: options.vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch sets the length itself from the body.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers,
    body: request.body as Buffer<ArrayBuffer>,
    redirect: 'error',
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return 'gone';
  if (!response.ok) throw new Error(`the push service answered ${response.status}`);
  return 'sent';
}
