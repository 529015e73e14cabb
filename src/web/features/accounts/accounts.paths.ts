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
  // Phone-first accounts (issue 32).
  phoneSignUp: '/api/accounts/sign-up/phone',
  /** A sign-up proves itself with its own code (decision 050), and asks for a new one. */
  phoneSignUpVerify: '/api/auth/phone-sign-up/verify',
  phoneSignUpCode: '/api/accounts/sign-up/phone/code',
  phoneSignIn: '/api/auth/sign-in/phone-number',
  phoneSendCode: '/api/auth/phone-number/send-otp',
  phoneVerify: '/api/auth/phone-number/verify',
  phoneRequestReset: '/api/auth/phone-number/request-password-reset',
  phoneReset: '/api/auth/phone-number/reset-password',
} as const;
