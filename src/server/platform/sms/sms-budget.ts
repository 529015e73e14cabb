import { and, eq, gt, inArray, not, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { m } from '../../../paraglide/messages.js';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { admins, rateLimits, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { consumeRateLimit, hitRateLimits } from '../rate-limit.ts';
import { inAllowedCountry } from './sms.ts';

// What code SMS may cost (issue 47, decision 051). A code SMS goes to a number nobody has proved
// yet, so whoever asks for one spends the church's money: SMS pumping sends them by the
// thousand to premium or satellite ranges. Four bounds, all in PostgreSQL (every instance):
// the countries SMS may go to (SMS_ALLOWED_COUNTRIES), each number (5 an hour), each client
// address (its requests, any outcome), and budgets per hour and per day for the whole app
// and for each number prefix (half the app's), with a mail to the admins when one is spent.

interface Ctx {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Code SMS per number per hour; past it, requests are answered as usual and send nothing. */
export const CODE_SMS_PER_PHONE_PER_HOUR = 5;
/**
 * Requests that may send a code, per client address per hour (any outcome, so the answer to
 * one number tells nothing about another): room for a congregation signing up on one Wi-Fi.
 */
export const CODE_REQUESTS_PER_ADDRESS_PER_HOUR = 30;

/** '+233241234567' → '+23324': the country and the network's range, what pumping aims at. */
export const prefixOf = (phone: string) => phone.slice(0, 6);

/** The budgets a code SMS to `phone` counts against, with their windows and caps. */
function budgets(ctx: Ctx, phone: string) {
  const { codesPerHour, codesPerDay } = ctx.config.smsLimits;
  const prefix = prefixOf(phone);
  return [
    { key: 'code-sms-budget:hour', windowMs: HOUR, max: codesPerHour, what: 'all', per: 'hour' },
    { key: 'code-sms-budget:day', windowMs: DAY, max: codesPerDay, what: 'all', per: 'day' },
    {
      key: `code-sms-budget:hour:${prefix}`,
      windowMs: HOUR,
      max: Math.ceil(codesPerHour / 2),
      what: prefix,
      per: 'hour',
    },
    {
      key: `code-sms-budget:day:${prefix}`,
      windowMs: DAY,
      max: Math.ceil(codesPerDay / 2),
      what: prefix,
      per: 'day',
    },
  ] as const;
}

/** Whether Flock may text this number at all (the church's countries). */
export function smsCountryAllowed(ctx: Pick<Ctx, 'config'>, phone: string): boolean {
  return inAllowedCountry(phone, ctx.config.smsLimits.allowedCountries);
}

/** Counts a request that may send a code from this client address; 429 past the cap. */
export async function countCodeRequest(ctx: Pick<Ctx, 'db'>, ip: string) {
  const cap = await consumeRateLimit(
    ctx.db,
    `code-sms-address:${ip}`,
    CODE_REQUESTS_PER_ADDRESS_PER_HOUR,
    HOUR,
  );
  if (!cap.allowed) {
    throw new AppError(429, 'RATE_LIMITED', m.server_http_too_many_requests(), undefined, {
      'retry-after': String(cap.retryAfterSeconds),
    });
  }
}

/**
 * Refuses (429) while a budget this number counts against is spent: for every number alike,
 * whether or not it would be texted, so the refusal tells nothing about an account.
 */
export async function assertCodeBudgetOpen(ctx: Ctx, phone: string) {
  const all = budgets(ctx, phone);
  const rows = await ctx.db
    .select({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(
      and(
        inArray(
          rateLimits.key,
          all.map((b) => b.key),
        ),
        gt(rateLimits.resetAt, new Date()),
      ),
    );
  const spent = rows.find((row) => row.count >= all.find((b) => b.key === row.key)!.max);
  if (spent) {
    const seconds = Math.max(1, Math.ceil((spent.resetAt.getTime() - Date.now()) / 1000));
    throw new AppError(429, 'SMS_BUDGET', m.server_sms_budget_spent(), undefined, {
      'retry-after': String(seconds),
    });
  }
}

/**
 * Claims one code SMS to `phone`: false (send nothing) outside the church's countries, past
 * the number's hourly cap or past a budget (a race past `assertCodeBudgetOpen`). A budget
 * spent is mailed to the admins, once in its window.
 */
export async function claimCodeSms(ctx: Ctx, phone: string): Promise<boolean> {
  if (!smsCountryAllowed(ctx, phone)) return false;
  const perPhone = await consumeRateLimit(
    ctx.db,
    `code-sms:${phone}`,
    CODE_SMS_PER_PHONE_PER_HOUR,
    HOUR,
  );
  if (!perPhone.allowed) return false;
  const all = budgets(ctx, phone);
  const hits = await hitRateLimits(
    ctx.db,
    all.map((b) => ({ key: b.key, windowMs: b.windowMs })),
  );
  // The SMS that spends a budget is the last it allows: the admins hear of it then.
  for (const [i, budget] of all.entries()) {
    if (hits[i]!.count >= budget.max) await alertAdmins(ctx, budget);
  }
  return all.every((b, i) => hits[i]!.count <= b.max);
}

/** Once per budget and window: a warning in the log and a mail to each admin. */
async function alertAdmins(
  ctx: Ctx,
  budget: { key: string; windowMs: number; max: number; what: string; per: string },
) {
  const once = await consumeRateLimit(ctx.db, `alert:${budget.key}`, 1, budget.windowMs);
  if (!once.allowed) return;
  const facts = {
    limit: budget.max,
    per: budget.per === 'hour' ? m.server_sms_budget_per_hour() : m.server_sms_budget_per_day(),
    what: budget.what === 'all' ? m.server_sms_budget_all() : budget.what,
  };
  ctx.log.warn({ budget: budget.key, max: budget.max }, 'code SMS budget spent: codes paused');
  try {
    const rows = await ctx.db
      .select({ email: users.email })
      .from(admins)
      .innerJoin(users, eq(users.id, admins.userId))
      .where(not(like(users.email, '%.invalid')));
    for (const { email } of rows) {
      await ctx.mailer.send({
        to: email,
        subject: m.mail_sms_budget_subject(facts),
        text: m.mail_sms_budget_text(facts),
      });
    }
  } catch (error) {
    ctx.log.error({ err: error }, 'the SMS budget alert was not mailed');
  }
}
