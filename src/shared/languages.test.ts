import { describe, expect, it } from 'vitest';
import { baseLocale, locales } from '../paraglide/runtime.js';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from './languages.ts';

describe('languages', () => {
  it('are the catalogue’s locales, English first as its base', () => {
    expect([...LANGUAGES]).toEqual([...locales]);
    expect(LANGUAGES[0]).toBe(baseLocale);
    expect(Object.keys(LANGUAGE_NAMES)).toEqual([...LANGUAGES]);
  });

  it('knows only those', () => {
    expect(isLanguage('ak')).toBe(true);
    expect(isLanguage('tw')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
