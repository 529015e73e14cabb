import { m } from '../../paraglide/messages.js';
import { createHmac } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { hitRateLimit, refundRateLimit } from '../platform/rate-limit.ts';

// Limits on password entries (sign-in and the workers gate), decision 028. They are keyed on
// what identifies an attacker, not on what a congregation shares: the account (per client
// address), the wrong password itself (one password tried on many accounts), and, as a
// ceiling, the failures of one client address. Only failures count: every entry is counted
// before the password is checked (so parallel guesses cannot slip past) and a right password
// takes its counts back.

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** One wrong password may fail on this many accounts (times AUTH_RATE_LIMIT) per window. */
export const PASSWORD_SHARE = 10;

/**
 * Failed entries from one client address (times AUTH_RATE_LIMIT) per window: 300 as shipped,
 * room for a congregation of 1,000 on one Wi-Fi mistyping now and then.
 */
export const ADDRESS_FAILURE_SHARE = 30;

/**
 * Sign-in requests of any outcome from one client address (times AUTH_RATE_LIMIT) per window:
 * 3,000 as shipped, for 1,000 members signing in within 10 minutes (and again after a slip).
 */
export const ADDRESS_SIGN_IN_SHARE = 300;

/**
 * Failed phone sign-ins across every client together (times AUTH_RATE_LIMIT) per window:
 * 3,000 as shipped. Phone numbers are few and dense, so a botnet could otherwise try
 * passwords on all of them (issue 47; the email lookup has such a cap too, decision 010).
 */
export const APP_WIDE_FAILURE_SHARE = 300;

const accountMessage = () => m.server_accounts_too_many_account_attempts();
const clientMessage = () => m.server_accounts_too_many_attempts();

export interface PasswordAttempt {
  /** Call when the password was right: this entry does not count. */
  succeeded(): Promise<void>;
}

/**
 * Counts a password entry before it is checked; refuses (429) when a limit is reached.
 * `email` is the account's, lower-cased; `password` is only kept as a keyed hash.
 */
export async function startPasswordAttempt(
  ctx: Pick<AppContext, 'db' | 'config' | 'secrets'>,
  attempt: { email: string; password: string; ip: string; appWide?: string | undefined },
): Promise<PasswordAttempt> {
  const perPerson = ctx.config.authRateLimit;
  const credential = createHmac('sha256', ctx.secrets.authSecret)
    .update(`sign-in-password:${attempt.password}`)
    .digest('base64url');
  const limits = [
    {
      key: `sign-in-failures:account:${attempt.email}:${attempt.ip}`,
      max: perPerson,
      message: accountMessage(),
    },
    {
      key: `sign-in-failures:password:${credential}`,
      max: perPerson * PASSWORD_SHARE,
      message: clientMessage(),
    },
    {
      key: `sign-in-failures:address:${attempt.ip}`,
      max: perPerson * ADDRESS_FAILURE_SHARE,
      message: clientMessage(),
    },
    ...(attempt.appWide
      ? [
          {
            key: `sign-in-failures:all:${attempt.appWide}`,
            max: perPerson * APP_WIDE_FAILURE_SHARE,
            message: clientMessage(),
          },
        ]
      : []),
  ];
  const hits = await Promise.all(
    limits.map((limit) => hitRateLimit(ctx.db, limit.key, SIGN_IN_WINDOW_MS)),
  );
  const refused = limits.findIndex((limit, i) => hits[i]!.count > limit.max);
  if (refused >= 0) {
    throw new AppError(429, 'RATE_LIMITED', limits[refused]!.message, undefined, {
      'retry-after': String(Math.ceil(hits[refused]!.ttl / 1000)),
    });
  }
  return {
    async succeeded() {
      await Promise.all(limits.map((limit) => refundRateLimit(ctx.db, limit.key)));
    },
  };
}
