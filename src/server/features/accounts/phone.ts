import { m } from '../../../paraglide/messages.js';
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PHONE_ONLY_EMAIL_DOMAIN } from '../../../shared/accounts.ts';
import type { phoneSignUpSchema } from '../../../shared/schemas/accounts.ts';
import type { AppContext } from '../../context.ts';
import { authAccounts, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { PHONE_CODE_SECONDS, phoneCodeText } from '../../platform/auth.ts';
import {
  dropExpiredSignUps,
  dropSignUpsWaitingFor,
  newSignUpCode,
  waitingSignUp,
} from '../../platform/phone-sign-up.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import {
  assertCodeBudgetOpen,
  claimCodeSms,
  CODE_SMS_PER_PHONE_PER_HOUR,
  countCodeRequest,
  smsCountryAllowed,
} from '../../platform/sms/sms-budget.ts';
import { currentLocale } from '../../platform/locale.ts';
import { createAuthUser } from './accounts.service.ts';
import { assertAssemblyOffered } from '../../core/church.ts';
import { sessionUserOf } from '../../core/session.ts';

// Phone-first members (issue 32, decision 033; issue 47, decisions 050 and 051). The auth
// library's phone-number plugin keeps the codes of signed-in members adding a phone and of
// resets, signs members in, and counts tries; a sign-up proves itself with a code of its own
// (platform/phone-sign-up.ts). These rules stand in front: who may have a code sent, what code
// SMS may cost (platform/sms/sms-budget.ts), how many codes one number may try, and sign-up
// without email. A number is a person only once proven: nothing here answers differently for
// a number that waits for its code and one nobody has used.

export { CODE_SMS_PER_PHONE_PER_HOUR };
/** Code entries per number per 15 minutes (each code also dies after three wrong tries). */
export const CODE_TRIES_PER_PHONE = 10;
/** Phone sign-ups per number per hour. */
const SIGN_UPS_PER_PHONE_PER_HOUR = 3;

const HOUR = 60 * 60 * 1000;

/** A placeholder address for an account without email (never mailed: see mailer.ts). */
export const phoneOnlyEmail = () => `member-${randomUUID()}@${PHONE_ONLY_EMAIL_DOMAIN}`;

/** The account that signs in with this phone (E.164): one that proved it. */
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

async function countCodeTry(ctx: Pick<AppContext, 'db'>, phone: string) {
  const tries = await consumeRateLimit(
    ctx.db,
    `code-tries:${phone}`,
    CODE_TRIES_PER_PHONE,
    15 * 60 * 1000,
  );
  if (!tries.allowed) {
    throw new AppError(
      429,
      'RATE_LIMITED',
      m.shared_phone_accounts_code_too_many_tries(),
      undefined,
      {
        'retry-after': String(tries.retryAfterSeconds),
      },
    );
  }
}

/** 400 on the phone field: Flock does not text this country (SMS_ALLOWED_COUNTRIES). */
function assertTextable(ctx: AppContext, phone: string, field: string) {
  if (smsCountryAllowed(ctx, phone)) return;
  const message = m.server_accounts_phone_country({
    countries: ctx.config.smsLimits.allowedCountries.join(', '),
  });
  throw new AppError(400, 'VALIDATION_ERROR', message, { [field]: message });
}

/** A password hash of nobody's, checked when a number has no account (same time, same answer). */
const dummyHashes = new WeakMap<object, Promise<string>>();

/**
 * Phone sign-in for a number no member has proved (unknown, or a sign-up still waiting for
 * its code), or proved without a password yet: the answer and the time of a wrong password.
 */
async function refuseLikeWrongPassword(ctx: AppContext, password: string): Promise<never> {
  const { password: hasher } = await ctx.auth.$context;
  let dummy = dummyHashes.get(ctx.auth);
  if (!dummy) dummyHashes.set(ctx.auth, (dummy = hasher.hash(randomUUID())));
  await hasher.verify({ hash: await dummy, password });
  throw new AppError(
    401,
    'INVALID_PHONE_NUMBER_OR_PASSWORD',
    m.shared_phone_accounts_wrong_phone_or_password(),
  );
}

/** Whether a proved phone's account has a password to sign in with. */
async function signsInWithPassword(ctx: Pick<AppContext, 'db'>, phone: string) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(
      authAccounts,
      and(eq(authAccounts.userId, users.id), eq(authAccounts.providerId, 'credential')),
    )
    .where(
      and(
        eq(users.loginPhone, phone),
        eq(users.phoneVerified, true),
        isNotNull(authAccounts.password),
      ),
    );
  return row !== undefined;
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
  body: { phoneNumber: string; password?: string; updatePhoneNumber?: boolean | undefined },
): Promise<object | undefined> {
  const phone = body.phoneNumber;
  switch (path) {
    case '/sign-in/phone-number':
      if (!(await signsInWithPassword(ctx, phone))) {
        await refuseLikeWrongPassword(ctx, body.password ?? '');
      }
      return undefined;
    case '/phone-number/send-otp': {
      // A code goes to a phone a signed-in member is adding to their account, to nobody else
      // (a sign-up asks for its own code again through its own route).
      const sent = { message: 'code sent' };
      const member = await sessionUserOf(ctx, request);
      if (!member) return sent;
      await countCodeRequest(ctx, request.ip);
      assertTextable(ctx, phone, 'phoneNumber');
      const account = await loginPhoneAccount(ctx, phone);
      if (account && account.id !== member.id) {
        throw new AppError(409, 'PHONE_NUMBER_EXIST', m.shared_phone_accounts_phone_elsewhere());
      }
      await assertCodeBudgetOpen(ctx, phone);
      if (!(await claimCodeSms(ctx, phone))) return sent;
      return undefined;
    }
    case '/phone-number/verify':
      await countCodeTry(ctx, phone);
      // Only a signed-in member adding a number: a sign-up proves itself at
      // /phone-sign-up/verify, and nobody else signs in with a code.
      if (!body.updatePhoneNumber) {
        throw new AppError(400, 'INVALID_OTP', m.shared_phone_accounts_code_invalid());
      }
      if (!(await sessionUserOf(ctx, request))) {
        throw new AppError(401, 'UNAUTHENTICATED', m.server_accounts_log_in_first());
      }
      return undefined;
    case '/phone-sign-up/verify':
    case '/phone-number/reset-password':
      await countCodeTry(ctx, phone);
      return undefined;
    case '/phone-number/request-password-reset': {
      // Budgets first, for every number alike; then a code only to a proved number.
      await countCodeRequest(ctx, request.ip);
      await assertCodeBudgetOpen(ctx, phone);
      const member = await memberByVerifiedPhone(ctx, phone);
      return member && (await claimCodeSms(ctx, phone)) ? undefined : { status: true };
    }
    default:
      return undefined;
  }
}

/** After a phone endpoint of the auth library succeeded. */
export async function afterPhoneRequest(ctx: AppContext, path: string, phone: string) {
  // A member proved a number: sign-ups still waiting for it can never have it.
  if (path === '/phone-number/verify') await dropSignUpsWaitingFor(ctx.db, phone);
}

/** Texts a waiting sign-up a new code for itself. */
async function textSignUpCode(ctx: AppContext, signUpId: string, phone: string) {
  if (!(await claimCodeSms(ctx, phone))) return;
  const code = await newSignUpCode(ctx.db, signUpId, PHONE_CODE_SECONDS / 60);
  await ctx.sms.send({ to: phone, text: phoneCodeText(ctx.church.productName, code, 'verify') });
}

/**
 * Creates a member without email who will sign in with this phone, and texts the code that
 * proves this sign-up; until the code is entered the account holds no number and cannot sign
 * in. Another sign-up for the same number waits beside it and neither replaces the other; the
 * first proved gets the number (decision 050). `signUp` names this sign-up for its code.
 */
export async function signUpByPhone(
  ctx: AppContext,
  input: z.output<typeof phoneSignUpSchema>,
  headers: Headers,
  ip: string,
): Promise<{ phone: string; signUp: string }> {
  const perPhone = await consumeRateLimit(
    ctx.db,
    `signup-phone:${input.phone}`,
    SIGN_UPS_PER_PHONE_PER_HOUR,
    HOUR,
  );
  if (!perPhone.allowed) {
    throw new AppError(429, 'RATE_LIMITED', m.server_accounts_sign_up_phone_limit());
  }
  await countCodeRequest(ctx, ip);
  assertTextable(ctx, input.phone, 'phone');
  await assertAssemblyOffered(ctx, input.assembly);
  if (await memberByVerifiedPhone(ctx, input.phone)) {
    throw new AppError(409, 'PHONE_TAKEN', m.shared_phone_accounts_phone_taken());
  }
  await assertCodeBudgetOpen(ctx, input.phone);
  await dropExpiredSignUps(ctx.db);

  const userId = await createAuthUser(ctx, headers, {
    name: `${input.firstName} ${input.lastName}`,
    email: phoneOnlyEmail(),
    password: input.password,
    contactPhone: input.phone,
    assemblyName: input.assembly,
  });
  // Receipts and codes by SMS: there is no mailbox.
  await ctx.db
    .update(users)
    .set({ pendingPhone: input.phone, receiptChannel: 'sms', locale: currentLocale() })
    .where(eq(users.id, userId));
  await textSignUpCode(ctx, userId, input.phone);
  return { phone: input.phone, signUp: userId };
}

/** 'Send a new code' for a waiting sign-up: the usual answer whatever the sign-up. */
export async function resendSignUpCode(
  ctx: AppContext,
  input: { phoneNumber: string; signUp: string },
  ip: string,
): Promise<{ message: string }> {
  await countCodeRequest(ctx, ip);
  await assertCodeBudgetOpen(ctx, input.phoneNumber);
  const waiting = await waitingSignUp(ctx.db, input.signUp, input.phoneNumber);
  if (waiting) await textSignUpCode(ctx, waiting.id, input.phoneNumber);
  return { message: 'code sent' };
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
    await dropSignUpsWaitingFor(ctx.db, input.phone);
    return { id: user.id };
  } catch (error) {
    // Another registration took the number a moment ago.
    if (await memberByVerifiedPhone(ctx, input.phone)) return null;
    throw error;
  }
}
