// Every redirect parameter that enters the server (the language link's `next`, the auth
// library's `callbackURL` and `redirectTo`) goes through this one check (issue 47: `/.//x`
// resolved to `//x`, which a browser reads as another site).

const BASE = 'http://flock.invalid';

/**
 * `next` as a path of this site, read as a browser reads it ('/./\\evil' is '//evil', another
 * site), or `fallback` when it is not one: anything that is not a string starting with one
 * '/', or that resolves to a path starting with '//'.
 */
export function sameOriginPath(next: unknown, fallback = '/'): string {
  if (typeof next !== 'string' || !next.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search;
  if (url.origin !== BASE || !path.startsWith('/') || path.startsWith('//')) return fallback;
  // What is sent is read again by the browser: it must still be this site's path.
  return new URL(path, BASE).origin === BASE ? path : fallback;
}
