import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import * as z from 'zod';
import type { Db } from '../db/client.ts';
import { authVerifications, users } from '../db/schema.ts';

// A phone-first sign-up's code proves that sign-up, not the number (issue 47, decision 050).
// Each sign-up waits on its own row (`users.pending_phone`, not unique) with its own code,
// kept under an identifier of its own: a second sign-up for the same number waits beside the
// first and cannot take it over, since its code proves only itself. The sign-up that enters
// its code first gets the number (`login_phone`, unique) and signs in; the others are dropped.
// The auth library's phone plugin still proves a number a signed-in member adds, signs in and
// resets; its codes are per number, which is right there: the account is already known.

/** How long a phone-first sign-up waits for its code before it is dropped. */
export const SIGN_UP_WAIT_MS = 24 * 60 * 60 * 1000;

const CODE_TRIES = 3;

const identifierOf = (signUpId: string) => `phone-sign-up-${signUpId}`;

const failure = (status: 'BAD_REQUEST' | 'FORBIDDEN' | 'CONFLICT', code: string) =>
  APIError.from(status, { code, message: code });

/**
 * Waiting sign-ups older than SIGN_UP_WAIT_MS: gone (their accounts never signed in). With
 * those the previous release made during a deploy, which wait on `login_phone`.
 */
export async function dropExpiredSignUps(db: Db, now = new Date()) {
  await db
    .delete(users)
    .where(
      and(
        lt(users.createdAt, new Date(now.getTime() - SIGN_UP_WAIT_MS)),
        sql`(${users.pendingPhone} is not null or ${users.loginPhone} is not null)`,
        eq(users.phoneVerified, false),
      ),
    );
}

/** The sign-up `signUpId` if it still waits for `phone`'s code. */
export async function waitingSignUp(db: Db, signUpId: string, phone: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, signUpId),
        eq(users.pendingPhone, phone),
        eq(users.phoneVerified, false),
        gt(users.createdAt, new Date(Date.now() - SIGN_UP_WAIT_MS)),
      ),
    );
  return row;
}

/** A new code for this sign-up (its earlier one stops working); the caller texts it. */
export async function newSignUpCode(db: Db, signUpId: string, minutes: number): Promise<string> {
  const code = Array.from({ length: 6 }, () => String(randomInt(10))).join('');
  await db
    .delete(authVerifications)
    .where(eq(authVerifications.identifier, identifierOf(signUpId)));
  await db.insert(authVerifications).values({
    id: randomUUID(),
    identifier: identifierOf(signUpId),
    value: `${code}:0`,
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  return code;
}

/**
 * Checks `code` against this sign-up's own code, once: the row is taken out atomically (a
 * racing request finds none), a wrong code is put back with one more try counted. Throws the
 * phone plugin's error codes, so the member reads the same words.
 */
async function spendSignUpCode(db: Db, signUpId: string, code: string) {
  const identifier = identifierOf(signUpId);
  const [taken] = await db
    .delete(authVerifications)
    .where(eq(authVerifications.identifier, identifier))
    .returning();
  if (!taken) throw failure('BAD_REQUEST', 'OTP_NOT_FOUND');
  if (taken.expiresAt.getTime() < Date.now()) throw failure('BAD_REQUEST', 'OTP_EXPIRED');
  const [value, rawTries] = taken.value.split(':');
  const tries = Number(rawTries) || 0;
  if (tries >= CODE_TRIES) throw failure('FORBIDDEN', 'TOO_MANY_ATTEMPTS');
  if (value !== code) {
    await db.insert(authVerifications).values({
      id: randomUUID(),
      identifier,
      value: `${value}:${tries + 1}`,
      expiresAt: taken.expiresAt,
    });
    throw failure('BAD_REQUEST', 'INVALID_OTP');
  }
}

const isUniqueViolation = (error: unknown) => {
  const code =
    (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

/**
 * Proves a waiting sign-up by its code: the number becomes its login phone, and the other
 * sign-ups waiting for it are dropped. Returns the account's id.
 */
export async function proveSignUp(
  db: Db,
  input: { phoneNumber: string; code: string; signUp: string },
): Promise<string> {
  // An unknown, expired or other number's sign-up reads as a wrong code (it reveals nothing).
  const waiting = await waitingSignUp(db, input.signUp, input.phoneNumber);
  if (!waiting) throw failure('BAD_REQUEST', 'INVALID_OTP');
  await spendSignUpCode(db, waiting.id, input.code);
  // A sign-up the previous release made during a deploy waits on login_phone: it gives way.
  await db
    .update(users)
    .set({ loginPhone: null, pendingPhone: input.phoneNumber })
    .where(and(eq(users.loginPhone, input.phoneNumber), eq(users.phoneVerified, false)));
  let proved: { id: string }[];
  try {
    proved = await db
      .update(users)
      .set({
        loginPhone: input.phoneNumber,
        phoneVerified: true,
        pendingPhone: null,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, waiting.id), eq(users.pendingPhone, input.phoneNumber)))
      .returning({ id: users.id });
  } catch (error) {
    // A member proved this number meanwhile (a sign-up, their profile, a USSD call).
    if (isUniqueViolation(error)) throw failure('CONFLICT', 'PHONE_TAKEN');
    throw error;
  }
  if (proved.length === 0) throw failure('BAD_REQUEST', 'INVALID_OTP');
  await dropSignUpsWaitingFor(db, input.phoneNumber, waiting.id);
  return waiting.id;
}

/** Sign-ups still waiting for a number someone has just proved: they can never have it. */
export async function dropSignUpsWaitingFor(db: Db, phone: string, except?: string) {
  await db
    .delete(users)
    .where(
      and(
        eq(users.pendingPhone, phone),
        eq(users.phoneVerified, false),
        isNull(users.loginPhone),
        except ? ne(users.id, except) : undefined,
      ),
    );
}

/**
 * The auth library endpoint `POST /phone-sign-up/verify`: proves the sign-up and opens its
 * session with the library's own cookie. Reached only through our route, which checks the
 * body and counts the try first (features/accounts).
 */
export function phoneSignUpPlugin(db: Db) {
  return {
    id: 'flock-phone-sign-up',
    endpoints: {
      verifyPhoneSignUp: createAuthEndpoint(
        '/phone-sign-up/verify',
        {
          method: 'POST',
          body: z.object({ phoneNumber: z.string(), code: z.string(), signUp: z.string() }),
        },
        async (ctx) => {
          const userId = await proveSignUp(db, ctx.body);
          const user = await ctx.context.internalAdapter.findUserById(userId);
          const session = await ctx.context.internalAdapter.createSession(userId);
          if (!user || !session) throw failure('BAD_REQUEST', 'INVALID_OTP');
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ status: true, user: { id: userId } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
