// The login screen drawn at build time (decision 022): where the build writes it, and the
// tokens in it that the server fills in with the church's branding.
export const PRERENDERED_LOGIN_FILE = '.vite/prerendered-login.html';

export const PRERENDER_TOKENS = {
  productName: '%FLOCK_PRODUCT_NAME%',
  churchName: '%FLOCK_CHURCH_NAME%',
  logoUrl: '/%FLOCK_LOGO_URL%',
} as const;
