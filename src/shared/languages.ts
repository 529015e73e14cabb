// The languages a member can choose (decision 043): the catalogue's locales, in the order the
// switch shows them, each named in its own language (a reader of either finds theirs).
// `languages.test.ts` holds this list to the catalogue's.

export const LANGUAGES = ['en', 'ak'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ak: 'Twi' };

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.includes(value as Language);

/**
 * Where the web app's build for a language is (decision 043): English's in the build folder
 * itself (dist/web), another's beside it (dist/web-ak). Hashed files are in both.
 */
export const webDirOf = (webDir: string, language: Language): string =>
  language === LANGUAGES[0] ? webDir : `${webDir}-${language}`;

/**
 * A link that switches the app's language and comes back to `next` (decision 043): an
 * ordinary link, so it works on a page the server drew before the app's code has arrived, and
 * a document load, which a build in one language needs.
 */
export const languagePath = (language: Language, next: string): string =>
  `/language/${language}?next=${encodeURIComponent(next)}`;

/**
 * The service worker of a language's build (decision 043), as a page of that build registers
 * it: the language is in its address, so a page can tell the worker that controls it from one
 * of its own build (UpdatePrompt.tsx), and the server sends that build's worker.
 */
export const workerPath = (language: Language): string => `/sw.js?lang=${language}`;

/** The language in a worker's address (`workerPath`); null for one registered without it. */
export function workerLanguage(scriptUrl: string): Language | null {
  const language = new URL(scriptUrl, 'http://flock.invalid').searchParams.get('lang');
  return isLanguage(language) ? language : null;
}
