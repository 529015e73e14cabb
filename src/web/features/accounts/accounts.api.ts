import type { z } from 'zod';
import type { LoginValues } from '../../../shared/login.ts';
import type { signUpSchema } from '../../../shared/schemas/accounts.ts';
import type { GuestGifts } from '../../../shared/schemas/giving.ts';
import type { PhoneSignUpRequest } from '../../../shared/sign-up.ts';
import { ApiError, apiFetch } from '../../api.ts';
import { authReturnPaths } from '../../paths.ts';
import { accountsApiPaths } from './accounts.paths.ts';

// The account calls the screens make. Every failure is an ApiError with a readable message.

export type SignUpValues = z.output<typeof signUpSchema>;

export function signUp(values: SignUpValues) {
  return apiFetch<{ ok: true }>(accountsApiPaths.signUp, { method: 'POST', body: values });
}

export function signIn(values: LoginValues) {
  return apiFetch<unknown>(accountsApiPaths.signIn, { method: 'POST', body: values });
}

export function resendConfirmation(email: string) {
  return apiFetch<unknown>(accountsApiPaths.sendVerificationEmail, {
    method: 'POST',
    body: { email, callbackURL: authReturnPaths.verified },
  });
}

export function requestPasswordReset(email: string) {
  return apiFetch<unknown>(accountsApiPaths.requestPasswordReset, {
    method: 'POST',
    body: { email, redirectTo: authReturnPaths.reset },
  });
}

export function resetPassword(newPassword: string, token: string) {
  return apiFetch<unknown>(accountsApiPaths.resetPassword, {
    method: 'POST',
    body: { newPassword, token },
  });
}

// Phone-first accounts (issue 32): numbers in E.164, codes of six digits.

/** `signUp` names this sign-up: its code proves it, and nobody else's (decision 050). */
export function phoneSignUp(values: PhoneSignUpRequest) {
  return apiFetch<{ phone: string; signUp: string }>(accountsApiPaths.phoneSignUp, {
    method: 'POST',
    body: values,
  });
}

/** Proves the sign-up with its code: the number becomes its own and it is signed in. */
export function verifyPhoneSignUp(phoneNumber: string, code: string, signUp: string) {
  return apiFetch<unknown>(accountsApiPaths.phoneSignUpVerify, {
    method: 'POST',
    body: { phoneNumber, code, signUp },
  });
}

/** Texts the sign-up a new code of its own. */
export function resendPhoneSignUpCode(phoneNumber: string, signUp: string) {
  return apiFetch<unknown>(accountsApiPaths.phoneSignUpCode, {
    method: 'POST',
    body: { phoneNumber, signUp },
  });
}

export function phoneSignIn(phoneNumber: string, password: string) {
  return apiFetch<unknown>(accountsApiPaths.phoneSignIn, {
    method: 'POST',
    body: { phoneNumber, password },
  });
}

/** Texts a code to a number the signed-in member is adding to their account. */
export function sendPhoneCode(phoneNumber: string) {
  return apiFetch<unknown>(accountsApiPaths.phoneSendCode, {
    method: 'POST',
    body: { phoneNumber },
  });
}

/** Proves a number the signed-in member is adding to their account. */
export function verifyPhoneCode(phoneNumber: string, code: string) {
  return apiFetch<unknown>(accountsApiPaths.phoneVerify, {
    method: 'POST',
    body: { phoneNumber, code, updatePhoneNumber: true },
  });
}

export function requestPhoneReset(phoneNumber: string) {
  return apiFetch<unknown>(accountsApiPaths.phoneRequestReset, {
    method: 'POST',
    body: { phoneNumber },
  });
}

export function resetPasswordByPhone(phoneNumber: string, otp: string, newPassword: string) {
  return apiFetch<unknown>(accountsApiPaths.phoneReset, {
    method: 'POST',
    body: { phoneNumber, otp, newPassword },
  });
}

/**
 * True or false when the server knows; null when it would not say (rate limited, offline),
 * in which case the form shows nothing and the sign-up itself still checks.
 */
export async function checkEmailAvailable(email: string, signal?: AbortSignal) {
  try {
    const { available } = await apiFetch<{ available: boolean }>(accountsApiPaths.emailAvailable, {
      method: 'POST',
      body: { email },
      signal,
    });
    return available;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error; // aborted: a newer check replaced this one
  }
}

/** Spec §8: these sign-up errors mean the email has an account already. */
export function isEmailTakenError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'EMAIL_TAKEN' ||
    /already registered|email already in use|email already exists/i.test(error.message)
  );
}

/** What this device gave as a guest that no account has yet (nothing when it cannot say). */
export async function fetchGuestGifts(signal: AbortSignal): Promise<GuestGifts> {
  try {
    return await apiFetch<GuestGifts>(accountsApiPaths.guestGifts, { signal });
  } catch {
    return { count: 0, amount: 0 };
  }
}
