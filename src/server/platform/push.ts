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
 * An address a browser gave as its push endpoint may be sent to: https in production (every
 * real push service is), http on this machine only outside it (the tests' fake push service).
 * The address comes from a browser, so nothing else is ever requested.
 */
export function pushEndpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return !production && url.protocol === 'http:' && url.hostname === '127.0.0.1';
}

/**
 * Sends one push. 'gone' when the push service says the subscription no longer exists (404,
 * 410): the caller forgets it. Any other failure throws.
 */
export interface PushOptions {
  vapid: { subject: string; publicKey: string; privateKey: string };
  production: boolean;
  timeoutMs: number;
}

export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  options: PushOptions,
): Promise<'sent' | 'gone'> {
  if (!pushEndpointAllowed(target.endpoint, options.production)) return 'gone';
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
