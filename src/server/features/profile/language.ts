import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_NAMES, type Language } from '../../../shared/languages.ts';
import { m } from '../../../paraglide/messages.js';
import { cookieMaxAge, cookieName } from '../../../paraglide/runtime.js';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { inLocale, localeOfCookie } from '../../platform/locale.ts';

// A member's language (decision 043): kept on the account for what reaches them away from this
// browser (mails, SMS, USSD, push), and in the catalogue's cookie for the browser's pages.

/** Keeps `locale` as the member's language; answers in it. */
export async function setLanguage(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  locale: Language,
): Promise<{ message: string; locale: Language }> {
  await ctx.db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
  return {
    message: inLocale(locale, () => m.language_saved({ language: LANGUAGE_NAMES[locale] })),
    locale,
  };
}

/** The cookie the browser's pages read their language from (Paraglide's own). */
export function setLanguageCookie(reply: FastifyReply, locale: Language): void {
  reply.header(
    'set-cookie',
    `${cookieName}=${locale}; Path=/; Max-Age=${cookieMaxAge}; SameSite=Lax`,
  );
}

/**
 * After a sign-in or sign-up from a browser where a language was chosen (the login screen's
 * switch), the account keeps that choice: the latest one the member made.
 */
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
