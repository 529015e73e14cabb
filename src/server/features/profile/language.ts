import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_NAMES, type Language } from '../../../shared/languages.ts';
import { m } from '../../../paraglide/messages.js';
import { cookieMaxAge, cookieName } from '../../../paraglide/runtime.js';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { hasSessionCookie } from '../../platform/auth.ts';
import { inLocale, localeOf, localeOfCookie } from '../../platform/locale.ts';
import { cookieValue, sessionUserOf } from '../../core/session.ts';

// A member's language (decision 043): kept on the account for what reaches them away from this
// browser (mails, SMS, USSD, push), and in the catalogue's cookie for the browser's pages. A
// browser a member signs in follows the account (decision 053), unless the language was chosen
// there on the login screen just before: then the account follows that choice.

/**
 * Set beside the cookie when a language is chosen with nobody signed in (the login screen's
 * switch): the account signing in next on this browser takes it. Without it, the cookie only
 * says what this browser showed last, perhaps another member's language.
 */
export const LANGUAGE_CHOSEN_COOKIE = 'flock.language-chosen';

/** Keeps `locale` as the member's language; answers in it. */
export async function setLanguage(
  ctx: Pick<AppContext, 'db' | 'sessions'>,
  userId: string,
  locale: Language,
): Promise<{ message: string; locale: Language }> {
  await ctx.db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
  // Their next page, on any browser, is in it.
  ctx.sessions.forget(userId);
  return {
    message: inLocale(locale, () => m.language_saved({ language: LANGUAGE_NAMES[locale] })),
    locale,
  };
}

/**
 * The cookie the browser's pages read their language from (Paraglide's own), and whether it
 * was chosen with nobody signed in (`LANGUAGE_CHOSEN_COOKIE`).
 */
export function setLanguageCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  locale: Language,
  chosen = false,
): void {
  const cookie = (name: string, value: string, maxAge: number) =>
    `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
  reply.header('set-cookie', cookie(cookieName, locale, cookieMaxAge));
  if (chosen) reply.header('set-cookie', cookie(LANGUAGE_CHOSEN_COOKIE, '1', cookieMaxAge));
  else if (cookieValue(request.headers.cookie, LANGUAGE_CHOSEN_COOKIE) !== undefined) {
    reply.header('set-cookie', cookie(LANGUAGE_CHOSEN_COOKIE, '', 0));
  }
}

/** A new account takes the language its sign-up form was shown in (decision 043). */
export async function keepChosenLanguage(
  ctx: Pick<AppContext, 'db'>,
  request: FastifyRequest,
  userId: string,
): Promise<void> {
  if (!request.headers.cookie?.includes(`${cookieName}=`)) return;
  await ctx.db
    .update(users)
    .set({ locale: localeOfCookie(request.headers.cookie) })
    .where(eq(users.id, userId));
}

/**
 * After a sign-in: a language chosen on this browser's login screen becomes the account's (the
 * latest choice the member made); without one, the browser takes the account's, so that the
 * member sees their language on every device.
 */
export async function languageAtSignIn(
  ctx: Pick<AppContext, 'db' | 'sessions'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const cookies = request.headers.cookie;
  if (cookieValue(cookies, LANGUAGE_CHOSEN_COOKIE) !== undefined) {
    const chosen = localeOfCookie(cookies);
    await ctx.db.update(users).set({ locale: chosen }).where(eq(users.id, userId));
    ctx.sessions.forget(userId);
    setLanguageCookie(request, reply, chosen);
    return;
  }
  const [account] = await ctx.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  const locale = localeOf(account?.locale);
  if (locale !== localeOfCookie(cookies)) setLanguageCookie(request, reply, locale);
}

/**
 * The language of a page: a signed-in member's, from their account (given to the browser's
 * cookie too when it said another), else the cookie's.
 */
export async function pageLanguage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Language> {
  const browser = localeOfCookie(request.headers.cookie);
  const member = hasSessionCookie(request) ? await sessionUserOf(ctx, request) : null;
  if (!member) return browser;
  if (member.locale !== browser) setLanguageCookie(request, reply, member.locale);
  return member.locale;
}
