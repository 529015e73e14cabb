import { betterAuth } from 'better-auth/minimal';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { GUEST_COOKIE } from '../../shared/pages.ts';
import { m } from '../../paraglide/messages.js';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Church } from '../db/content.ts';
import { authAccounts, authSessions, authVerifications, users } from '../db/schema.ts';
import type { Mailer } from './mail/mailer.ts';
import { phoneSignUpPlugin } from './phone-sign-up.ts';
import type { Secrets } from './secrets.ts';
import type { SmsSender } from './sms/sms.ts';

export const AUTH_BASE_PATH = '/api/auth';

/** The header our HTTP bridge sets to the client address Fastify resolved (see TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-flock-client-ip';

/**
 * A request's headers as the auth library wants them. The client address comes from
 * Fastify (which honours TRUST_PROXY), never from headers the client sent.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  headers.delete('x-forwarded-for');
  headers.delete('x-real-ip');
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  church: Church;
  secrets: Secrets;
  log: FastifyBaseLogger;
}

export function trustedOrigins(config: Config): string[] {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (config.env !== 'production') {
    // The same machine under its other names, and the Vite dev server.
    for (const host of ['localhost', '127.0.0.1']) {
      origins.add(`http://${host}:${config.port}`);
      origins.add(`http://${host}:5173`);
    }
  }
  return [...origins];
}

// better-auth (email + password, email confirmation, reset, database sessions in HttpOnly
// cookies, scrypt hashing) on our own tables. Its user model is our `users` table.
/** The session cookie's name starts with it (flock.session_token, __Secure- over HTTPS). */
const COOKIE_PREFIX = 'flock';

/** How long an SMS code works (seconds), and how many wrong tries one code takes. */
export const PHONE_CODE_SECONDS = 10 * 60;
export const PHONE_CODE_TRIES = 3;

/**
 * The SMS that carries a code: GSM-7 only (the Twi writes ɛ and ɔ as e and o), one segment,
 * and the code never in the log. In the language in force: the request's that asked for it.
 */
export function phoneCodeText(productName: string, code: string, purpose: 'verify' | 'reset') {
  const minutes = PHONE_CODE_SECONDS / 60;
  return purpose === 'reset'
    ? m.sms_auth_reset_code({ code, product: productName, minutes })
    : m.sms_auth_code({ code, product: productName, minutes });
}

export function createAuth({ config, db, mailer, sms, church, secrets, log }: AuthDeps) {
  return betterAuth({
    appName: church.productName,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: secrets.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, authSessions, authAccounts, authVerifications },
    }),
    user: {
      modelName: 'users',
      fields: { name: 'fullName' },
      additionalFields: {
        // The profile's phone. `phoneNumber` is the phone-number plugin's: the sign-in phone.
        contactPhone: { type: 'string', required: false, input: true, fieldName: 'phoneNumber' },
        assemblyName: { type: 'string', required: false, input: true },
      },
    },
    session: { modelName: 'authSessions' },
    account: { modelName: 'authAccounts' },
    verification: { modelName: 'authVerifications' },
    // Sign-up goes through POST /api/accounts/sign-up, which validates the whole form.
    disabledPaths: ['/sign-up/email', '/update-user', '/change-email', '/delete-user'],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // The auth mails are written while the request that asks for them runs: in its language.
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: m.mail_auth_reset_subject({ product: church.productName }),
          text: m.mail_auth_reset_text({ name: user.name, url }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: m.mail_auth_verify_subject({ product: church.productName }),
          text: m.mail_auth_verify_text({ name: user.name, url }),
        });
      },
    },
    // Limits live in our routes (features/accounts): one mechanism, sized per client address,
    // per account and client, and per account for mail; the library's would count by address
    // only and is bypassed by the server-side calls anyway.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.env === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Only our bridge sets this header (from Fastify's request.ip), so it cannot be spoofed.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      log(level, message) {
        log[level]({ source: 'auth' }, message);
      },
    },
    telemetry: { enabled: false },
    // Phone-first members (issue 32, decision 032): sign in with phone and password, the
    // phone proved by an SMS code, the password reset by one. Our routes front every
    // endpoint with their limits (features/accounts); numbers reach it in E.164.
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: PHONE_CODE_SECONDS,
        allowedAttempts: PHONE_CODE_TRIES,
        requireVerification: true,
        phoneNumberValidator: (value) => /^\+\d{8,15}$/.test(value),
        sendOTP: ({ phoneNumber: to, code }) =>
          sms.send({ to, text: phoneCodeText(church.productName, code, 'verify') }),
        sendPasswordResetOTP: ({ phoneNumber: to, code }) =>
          sms.send({ to, text: phoneCodeText(church.productName, code, 'reset') }),
        schema: {
          user: { fields: { phoneNumber: 'loginPhone', phoneNumberVerified: 'phoneVerified' } },
        },
      }),
      // A phone-first sign-up proves itself with a code of its own (decision 050).
      phoneSignUpPlugin(db),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Whether a request carries a session cookie (not checked here: only a hint, pages/pages.ts). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const { cookie } = request.headers;
  if (!cookie) return false;
  return getSessionCookie(new Headers({ cookie }), { cookiePrefix: COOKIE_PREFIX }) !== null;
}

/** Whether a request carries the guest cookie the app sets beside the guest flag. */
export function hasGuestCookie(request: FastifyRequest): boolean {
  const { cookie } = request.headers;
  return Boolean(cookie?.split(';').some((part) => part.trim() === `${GUEST_COOKIE}=1`));
}
