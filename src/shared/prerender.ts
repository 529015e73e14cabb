// Screens drawn before the app's code arrives (decisions 022 and 023): what the build writes
// for the server, and what the server puts in a page for the app to find.

/** The login screen, drawn once by the build, with tokens for the church's branding. */
export const PRERENDERED_LOGIN_FILE = '.vite/prerendered-login.html';

/**
 * The build's server bundle of src/web/prerender.tsx: the server draws the public content
 * screens with it, from their current answers (not served: a dot folder).
 */
export const PRERENDER_MODULE_FILE = '.vite/server/prerender.mjs';

/** The id of the JSON in a drawn page: the public answers its screen was drawn from. */
export const PAGE_ANSWERS_ID = 'page-answers';

export const PRERENDER_TOKENS = {
  productName: '%FLOCK_PRODUCT_NAME%',
  churchName: '%FLOCK_CHURCH_NAME%',
  logoUrl: '/%FLOCK_LOGO_URL%',
} as const;

/**
 * Set beside the guest flag (which lives in the browser's storage) so that the server knows
 * to draw a signed-in screen for a guest (023). It opens nothing: the server trusts nothing in it.
 */
export const GUEST_COOKIE = 'flock.guest';
