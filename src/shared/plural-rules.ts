// Twi's plural where the JavaScript engine has no `ak` data (decision 042). The catalogue picks
// a plural case with Intl.PluralRules; an engine without `ak` falls back to another locale's
// rules, and 0 becomes 'other'. CLDR's `ak` cardinal rule: one = 0 and 1, other = the rest.

const isTwi = (locale: string) => /^(ak|tw)(-|$)/i.test(locale);

const firstLocale = (locales: Intl.LocalesArgument): string => {
  const first = Array.isArray(locales) ? locales[0] : locales;
  return first === undefined ? '' : String(first);
};

/**
 * Wraps Intl.PluralRules, only when the engine has no `ak` data, so that a cardinal `ak` rule
 * answers as CLDR's: 0 and 1 'one', anything else 'other'. Every other locale, and ordinals,
 * go to the engine as before. Called first by the web entry and by the server's start.
 */
export function ensureTwiPlural(): void {
  const Engine = Intl.PluralRules;
  if (Engine.supportedLocalesOf('ak').length > 0) return;

  class PluralRulesWithTwi extends Engine {
    readonly #twi: boolean;

    constructor(locales?: Intl.LocalesArgument, options?: Intl.PluralRulesOptions) {
      super(locales, options);
      this.#twi = isTwi(firstLocale(locales)) && options?.type !== 'ordinal';
    }

    static override supportedLocalesOf(
      locales: Intl.LocalesArgument,
      options?: Intl.PluralRulesOptions,
    ): string[] {
      const supported = Engine.supportedLocalesOf(locales, options);
      const asked = Array.isArray(locales) ? locales : locales === undefined ? [] : [locales];
      const twi = asked
        .map(String)
        .filter((locale) => isTwi(locale) && !supported.includes(locale));
      return [...supported, ...twi];
    }

    override select(n: number): Intl.LDMLPluralRule {
      if (!this.#twi) return super.select(n);
      const abs = Math.abs(n);
      return abs === 0 || abs === 1 ? 'one' : 'other';
    }

    override resolvedOptions(): Intl.ResolvedPluralRulesOptions {
      const options = super.resolvedOptions();
      return this.#twi ? { ...options, locale: 'ak', pluralCategories: ['one', 'other'] } : options;
    }
  }

  // Intl's own property (writable, not enumerable), replaced in place.
  Reflect.set(Intl, 'PluralRules', PluralRulesWithTwi);
}
