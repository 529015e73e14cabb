// The accounts screens' API paths (decision 027: a feature's own, not in the shell).

export const accountsApiPaths = {
  emailAvailable: '/api/accounts/email-available',
  signUp: '/api/accounts/sign-up',
  /** What this device gave as a guest: sign-up offers to attach it (decision 029). */
  guestGifts: '/api/history/guest-gifts',
  signIn: '/api/auth/sign-in/email',
  sendVerificationEmail: '/api/auth/send-verification-email',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
} as const;
