import { afterEach, describe, expect, it } from 'vitest';
import { plural } from '../paraglide/registry.js';
import { ensureTwiPlural } from './plural-rules.ts';

const Engine = Intl.PluralRules;

/** An engine without `ak` data: it says so, and answers with en-US's rules, as such engines do. */
class WithoutTwi extends Engine {
  constructor(locales?: Intl.LocalesArgument, options?: Intl.PluralRulesOptions) {
    const first = Array.isArray(locales) ? locales[0] : locales;
    super(String(first ?? '').startsWith('ak') ? 'en-US' : locales, options);
  }

  static override supportedLocalesOf(locales: Intl.LocalesArgument): string[] {
    const asked = Array.isArray(locales) ? locales : [locales];
    return Engine.supportedLocalesOf(asked.filter((l) => !String(l).startsWith('ak')));
  }
}

afterEach(() => {
  Reflect.set(Intl, 'PluralRules', Engine);
});

describe('ensureTwiPlural', () => {
  it('gives Twi its plural where the engine has no ak data', () => {
    Reflect.set(Intl, 'PluralRules', WithoutTwi);
    expect(Intl.PluralRules.supportedLocalesOf('ak')).toEqual([]);
    // Without it, 0 is 'other' (en-US's rule): wrong for Twi.
    expect(plural('ak', 0)).toBe('other');

    ensureTwiPlural();
    expect(plural('ak', 0)).toBe('one');
    expect(plural('ak', 1)).toBe('one');
    expect(plural('ak', 2)).toBe('other');
    expect(plural('ak', 1.5)).toBe('other');
    expect(new Intl.PluralRules('ak', { type: 'ordinal' }).select(1)).toBe('other');
    // English is the engine's, unchanged, ordinals too.
    expect([0, 1, 2].map((n) => plural('en', n))).toEqual(['other', 'one', 'other']);
    expect(new Intl.PluralRules('en', { type: 'ordinal' }).select(2)).toBe('two');
  });

  it('leaves an engine that has ak data as it is', () => {
    ensureTwiPlural();
    expect(Intl.PluralRules).toBe(Engine);
    expect(plural('ak', 0)).toBe('one');
  });
});
