// Phone-first accounts (issue 32): their texts apart from ./accounts.ts, which every account
// screen loads, so that only the phone screen pays for them.

/** Phone-first accounts (issue 32): what the phone screens and their server say. */
export const PHONE_ACCOUNT_MESSAGES = {
  codeSent: 'We sent a 6-digit code by SMS to',
  codeInvalid: 'That code is not right. Check the SMS and try again.',
  codeExpired: 'That code has expired. Ask for a new one.',
  codeTooManyTries: 'Too many wrong codes. Ask for a new one.',
  codeFormat: 'Enter the 6 digits from the SMS.',
  phoneTaken: 'This phone number already has an account. Please login instead.',
  phoneElsewhere: 'This phone number is verified on another account.',
  wrongPhoneOrPassword: 'Invalid phone number or password.',
  notVerified: 'Your phone number is not verified yet. We sent a code by SMS.',
  signedUp: 'Welcome! Your phone number is verified and you are logged in.',
  phoneVerified: 'Your phone number is verified.',
  resetCodeSent: 'If this number has an account, we sent a code by SMS.',
  passwordReset: 'Password updated. Please log in with your phone and new password.',
} as const;

/** The phone-number plugin's error codes, as the member reads them. */
export const PHONE_ERROR_TEXT: Record<string, string> = {
  INVALID_OTP: PHONE_ACCOUNT_MESSAGES.codeInvalid,
  OTP_NOT_FOUND: PHONE_ACCOUNT_MESSAGES.codeExpired,
  OTP_EXPIRED: PHONE_ACCOUNT_MESSAGES.codeExpired,
  TOO_MANY_ATTEMPTS: PHONE_ACCOUNT_MESSAGES.codeTooManyTries,
  INVALID_PHONE_NUMBER_OR_PASSWORD: PHONE_ACCOUNT_MESSAGES.wrongPhoneOrPassword,
  PHONE_NUMBER_NOT_VERIFIED: PHONE_ACCOUNT_MESSAGES.notVerified,
  PHONE_NUMBER_EXIST: PHONE_ACCOUNT_MESSAGES.phoneElsewhere,
  PHONE_NUMBER_PENDING_VERIFICATION: PHONE_ACCOUNT_MESSAGES.notVerified,
};

export const PHONE_CODE_PATTERN = /^\d{6}$/;
