// What the service worker (sw.ts) and the page agree on about notifications (decision 041).
// Small and without imports: it is in the worker and in every page's first code.

/** The worker asks an open tab to show a screen: { type: OPEN_SCREEN, url }. */
export const OPEN_SCREEN = 'flock:open-screen';

export interface Notice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A screen of this app only ('/…', never '//host'); anything else opens the home screen. */
export function screenOf(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

/** A push's payload as our server sends it; a push without one still shows something. */
export function readNotice(data: { json(): unknown } | null): Notice {
  let raw: Partial<Record<keyof Notice, unknown>> = {};
  try {
    raw = (data?.json() ?? {}) as typeof raw;
  } catch {
    // not JSON: the defaults below
  }
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value ? value.slice(0, 300) : fallback;
  return {
    title: text(raw.title, 'Flock'),
    body: text(raw.body, ''),
    url: screenOf(raw.url),
    tag: text(raw.tag, 'flock'),
  };
}
