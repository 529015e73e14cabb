import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import {
  baseLocale,
  cookieName,
  isLocale,
  overwriteGetLocale,
  type Locale,
} from '../../paraglide/runtime.js';

// The language the server speaks (decision 043). The catalogue's messages ask `getLocale()`;
// here it answers the language in force for the work at hand: a request's (the member's
// choice, kept in the catalogue's cookie) or, for a mail, SMS, push or USSD screen, the
// member's own (`inLocale(member.locale, …)`), whoever's request caused it.

const current = new AsyncLocalStorage<Locale>();
overwriteGetLocale(() => currentLocale());

/** A language the catalogue has, or English. */
export function localeOf(value: unknown): Locale {
  return isLocale(value) ? value : baseLocale;
}

/** Runs `work` (and what it awaits) with the catalogue in `locale`. */
export function inLocale<T>(locale: string | null | undefined, work: () => T): T {
  return current.run(localeOf(locale), work);
}

/** The language the member chose on this browser: the catalogue's cookie. */
export function localeOfCookie(cookieHeader: string | undefined): Locale {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`));
  return localeOf(match?.[1]);
}

/**
 * Every request's handler runs in the language its cookie names: its answers' messages and
 * errors. Before the handler (after the body is read, where hooks may lose the context).
 */
export function registerRequestLocale(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    current.run(localeOfCookie(request.headers.cookie), done);
  });
}

export type { Locale };

/** The language in force (a request's, or the one `inLocale` set). */
export const currentLocale = (): Locale => current.getStore() ?? baseLocale;
