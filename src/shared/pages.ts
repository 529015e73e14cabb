// The pages of the web app (decision 027): what the build tells the server about them, and
// what a page the server sends carries for the app. Written by the build
// (scripts/page-build.ts, from the route table in src/web/routes.ts), read by the server
// (src/server/pages/, which checks it). No zod here: the boot script and the app's entry import
// these constants.

/** Where the build writes the description of its pages (not served: a dot folder). */
export const PAGES_FILE = '.vite/pages.json';

/**
 * The build's server bundle of src/web/prerender.tsx: the server draws the screens the route
 * table marks `drawn` with it (not served: a dot folder).
 */
export const DRAWER_FILE = '.vite/server/prerender.mjs';

/**
 * Where the card provider sends the member back (the server builds it from PUBLIC_URL). Here,
 * not in constants.ts: the app's paths (in its entry) need it, and constants.ts would come
 * into the entry with it.
 */
export const CARD_CALLBACK_PATH = '/offerings/card/callback';

/** The id of the JSON in a drawn page: the public answers its screen was drawn from. */
export const PAGE_ANSWERS_ID = 'page-answers';

/**
 * The guest flag as a cookie, beside the browser's storage: the server then draws a guest's
 * signed-in screens, and 'Continue as Guest' works before the app has arrived (GUEST_PATH).
 * It opens nothing: the server trusts nothing in it.
 */
export const GUEST_COOKIE = 'flock.guest';

/** 'Continue as Guest' as an ordinary link: sets the guest cookie and goes on to /home. */
export const GUEST_PATH = '/continue-as-guest';

/** The global the boot script (src/web/boot.ts) leaves for the app that takes its page over. */
export const DRAWN_PAGE_GLOBAL = '__flockDrawnPage';

/**
 * The tags every page's <head> starts with: Vite puts them in index.html (the app's own page
 * in development and offline), the server in every page it writes; then the description in
 * the page's language (page-texts.ts).
 */
export const HEAD_TAGS: { tag: 'meta' | 'link'; attrs: Record<string, string> }[] = [
  { tag: 'meta', attrs: { charset: 'UTF-8' } },
  {
    tag: 'meta',
    attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
  },
  { tag: 'link', attrs: { rel: 'icon', href: '/favicon.png', type: 'image/png', sizes: '48x48' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' } },
  { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' } },
];

/** An API path a screen asks for at once, announced in its page (decision 018). */
export interface DataHint {
  /** An API path; `:name` stands for the route's parameter of that name. */
  path: string;
  /**
   * For each parameter in `path`, the whole-value pattern (a regular expression's source) a
   * value must match for the screen to ask for it. Only characters that need no escaping in a
   * URL: the value goes into the path as it is. A value that does not match gets no hint.
   */
  params?: Record<string, string>;
}

export interface PageRoute {
  /** A route pattern of the web app (src/web/paths.ts). */
  pattern: string;
  /** The route's own modules and style sheets, beyond the shell's. */
  scripts: string[];
  styles: string[];
  /** Answers its first screen asks for at once (every page's first). */
  data: DataHint[];
  /** Drawn by the server from these answers (API paths); `signedIn`: only for such requests. */
  drawn?: { answers: string[]; signedIn?: boolean };
}

export interface PagesFile {
  /** What every page loads: the app's entry, its imports and style sheets, the boot script. */
  shell: { entry: string; imports: string[]; styles: string[]; boot: string };
  routes: PageRoute[];
}
