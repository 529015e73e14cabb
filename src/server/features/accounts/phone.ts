import { m } from '../../../paraglide/messages.js';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PHONE_ONLY_EMAIL_DOMAIN } from '../../../shared/accounts.ts';
import { PHONE_ACCOUNT_MESSAGES } from '../../../shared/phone-accounts.ts';
import type { phoneSignUpSchema } from '../../../shared/schemas/accounts.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { currentLocale } from '../../platform/locale.ts';
import { assertAssemblyOffered, createAuthUser, sessionUserOf } from './accounts.service.ts';

// Phone-first members (issue 32, decision 032). The auth library's phone-number plugin keeps
// the codes (six digits, ten minutes, three tries each, single use) and signs members in;
// these rules stand in front of it: who may have a code sent, how many SMS one number gets,
// how many codes one number may try, and sign-up without email.

/** Code SMS per number per hour; past it, requests are answered as usual and send nothing. */
export const CODE_SMS_PER_PHONE_PER_HOUR = 5;
/** Code entries per number per 15 minutes (each code also dies after three wrong tries). */
export const CODE_TRIES_PER_PHONE = 10;
/** Phone sign-ups per number per hour. */
const SIGN_UPS_PER_PHONE_PER_HOUR = 3;

const HOUR = 60 * 60 * 1000;

/** A placeholder address for an account without email (never mailed: see mailer.ts). */
export const phoneOnlyEmail = () => `member-${randomUUID()}@${PHONE_ONLY_EMAIL_DOMAIN}`;

/** The account that signs in with this phone (E.164), verified or still waiting for its code. */
export async function loginPhoneAccount(ctx: Pick<AppContext, 'db'>, phone: string) {
  const [row] = await ctx.db
    .select({ id: users.id, phoneVerified: users.phoneVerified })
    .from(users)
    .where(eq(users.loginPhone, phone));
  return row;
}

/** The member this verified phone belongs to, or undefined (USSD callers, decision 032). */
export async function memberByVerifiedPhone(ctx: Pick<AppContext, 'db'>, phone: string) {
  const [row] = await ctx.db
    .select({ id: users.id, fullName: users.fullName, assemblyName: users.assemblyName })
    .from(users)
    .where(and(eq(users.loginPhone, phone), eq(users.phoneVerified, true)));
  return row;
}

/** Whether one more code SMS may go to this number this hour. */
async function claimCodeSms(ctx: Pick<AppContext, 'db'>, phone: string): Promise<boolean> {
  const cap = await consumeRateLimit(
    ctx.db,
    `code-sms:${phone}`,
    CODE_SMS_PER_PHONE_PER_HOUR,
    HOUR,
  );
  return cap.allowed;
}

async function countCodeTry(ctx: Pick<AppContext, 'db'>, phone: string) {
  const tries = await consumeRateLimit(
    ctx.db,
    `code-tries:${phone}`,
    CODE_TRIES_PER_PHONE,
    15 * 60 * 1000,
  );
  if (!tries.allowed) {
    throw new AppError(429, 'RATE_LIMITED', PHONE_ACCOUNT_MESSAGES.codeTooManyTries, undefined, {
      'retry-after': String(tries.retryAfterSeconds),
    });
  }
}

/**
 * Before a phone endpoint of the auth library runs: throws to refuse, returns an answer to
 * give instead of running it (so that the answer tells nothing but no SMS goes out), or
 * undefined to let it run. `body` has been checked by its schema (E.164 numbers).
 */
export async function guardPhoneRequest(
  ctx: AppContext,
  request: FastifyRequest,
  path: string,
  body: { phoneNumber: string; updatePhoneNumber?: boolean | undefined },
): Promise<object | undefined> {
  const phone = body.phoneNumber;
  switch (path) {
    case '/sign-in/phone-number': {
      // The library sends a code to an unverified account's phone before it checks the
      // password: that SMS counts too.
      const account = await loginPhoneAccount(ctx, phone);
      if (account && !account.phoneVerified && !(await claimCodeSms(ctx, phone))) {
        throw new AppError(401, 'PHONE_NUMBER_NOT_VERIFIED', PHONE_ACCOUNT_MESSAGES.notVerified);
      }
      return undefined;
    }
    case '/phone-number/send-otp': {
      // A code goes to a phone waiting for its sign-up code, or to a phone a signed-in member
      // is adding to their account; to nobody else (so nobody can text any number from us).
      const sent = { message: 'code sent' };
      const [member, account] = await Promise.all([
        sessionUserOf(ctx, request),
        loginPhoneAccount(ctx, phone),
      ]);
      if (member && account && account.id !== member.id) {
        throw new AppError(409, 'PHONE_NUMBER_EXIST', PHONE_ACCOUNT_MESSAGES.phoneElsewhere);
      }
      const waiting = account !== undefined && !account.phoneVerified;
      if (!member && !waiting) return sent;
      if (!(await claimCodeSms(ctx, phone))) return sent;
      return undefined;
    }
    case '/phone-number/verify': {
      await countCodeTry(ctx, phone);
      if (body.updatePhoneNumber) {
        if (!(await sessionUserOf(ctx, request))) {
          throw new AppError(401, 'UNAUTHENTICATED', m.server_accounts_log_in_first());
        }
      } else if (!(await loginPhoneAccount(ctx, phone))) {
        // The library would fail on a number without an account; the answer is a wrong code.
        throw new AppError(400, 'INVALID_OTP', PHONE_ACCOUNT_MESSAGES.codeInvalid);
      }
      return undefined;
    }
    case '/phone-number/request-password-reset':
      return (await claimCodeSms(ctx, phone)) ? undefined : { status: true };
    case '/phone-number/reset-password':
      await countCodeTry(ctx, phone);
      return undefined;
    default:
      return undefined;
  }
}

/**
 * Creates a member without email who signs in with this phone, and texts the code that
 * proves it theirs; until the code is entered the account cannot sign in. A sign-up still
 * waiting for its code gives way to a new one for the same number (nobody can hold another
 * person's number by signing up with it).
 */
export async function signUpByPhone(
  ctx: AppContext,
  input: z.output<typeof phoneSignUpSchema>,
  headers: Headers,
): Promise<{ phone: string }> {
  const perPhone = await consumeRateLimit(
    ctx.db,
    `signup-phone:${input.phone}`,
    SIGN_UPS_PER_PHONE_PER_HOUR,
    HOUR,
  );
  if (!perPhone.allowed) {
    throw new AppError(429, 'RATE_LIMITED', m.server_accounts_sign_up_phone_limit());
  }
  await assertAssemblyOffered(ctx, input.assembly);
  const existing = await loginPhoneAccount(ctx, input.phone);
  if (existing?.phoneVerified) {
    throw new AppError(409, 'PHONE_TAKEN', PHONE_ACCOUNT_MESSAGES.phoneTaken);
  }
  if (existing) {
    await ctx.db
      .delete(users)
      .where(and(eq(users.id, existing.id), eq(users.phoneVerified, false)));
  }

  const userId = await createAuthUser(ctx, headers, {
    name: `${input.firstName} ${input.lastName}`,
    email: phoneOnlyEmail(),
    password: input.password,
    contactPhone: input.phone,
    assemblyName: input.assembly,
  });
  try {
    // Receipts and codes by SMS: there is no mailbox.
    await ctx.db
      .update(users)
      .set({ loginPhone: input.phone, receiptChannel: 'sms', locale: currentLocale() })
      .where(eq(users.id, userId));
  } catch {
    // Another sign-up took the number a moment ago.
    await ctx.db.delete(users).where(eq(users.id, userId));
    throw new AppError(409, 'PHONE_TAKEN', PHONE_ACCOUNT_MESSAGES.phoneTaken);
  }
  if (await claimCodeSms(ctx, input.phone)) {
    await ctx.auth.api.sendPhoneNumberOTP({ body: { phoneNumber: input.phone } });
  }
  return { phone: input.phone };
}

/**
 * A member registered by USSD (issue 32): the call itself proves the number, so the account
 * signs in with it at once — with a password the member sets by an SMS code (the phone
 * screen's 'Forgot your password?'). A sign-up still waiting for this number's code gives way.
 * Null when the number already belongs to a member.
 */
export async function registerByCall(
  ctx: AppContext,
  input: { firstName: string; lastName: string; assembly: string; phone: string },
): Promise<{ id: string } | null> {
  const existing = await loginPhoneAccount(ctx, input.phone);
  if (existing?.phoneVerified) return null;
  if (existing) {
    await ctx.db
      .delete(users)
      .where(and(eq(users.id, existing.id), eq(users.phoneVerified, false)));
  }
  const { internalAdapter } = await ctx.auth.$context;
  try {
    const user = await internalAdapter.createUser(
      {
        name: `${input.firstName} ${input.lastName}`,
        email: phoneOnlyEmail(),
        emailVerified: false,
        phoneNumber: input.phone,
        phoneNumberVerified: true,
        contactPhone: input.phone,
        assemblyName: input.assembly,
      },
      { method: 'phone-number' },
    );
    // In the language the call was in (one chosen on the USSD menu), as a phone sign-up's.
    await ctx.db
      .update(users)
      .set({ receiptChannel: 'sms', locale: currentLocale() })
      .where(eq(users.id, user.id));
    return { id: user.id };
  } catch (error) {
    // Another registration took the number a moment ago.
    if (await memberByVerifiedPhone(ctx, input.phone)) return null;
    throw error;
  }
}
