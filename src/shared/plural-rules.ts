// Twi's plural where the JavaScript engine has no `ak` data (decision 042). The catalogue picks
// a plural case with Intl.PluralRules; an engine without `ak` falls back to another locale's
// rules, and 0 becomes 'other'. CLDR's `ak` rules: cardinal one = 0 and 1, other = the rest;
// ordinal: other only. Kept small: it is in the entry, so every route carries it.

/**
 * Wraps Intl.PluralRules, only when the engine has no `ak` data, so that `ak` (or `tw`)
 * answers as CLDR says. Every other locale goes to the engine as before. Called first by the
 * web entry and by the server's start.
 */
export function ensureTwiPlural(): void {
  const Engine = Intl.PluralRules;
  if (Engine.supportedLocalesOf('ak').length > 0) return;

  class TwiPluralRules extends Engine {
    /** Set for Twi only. */
    readonly #twi?: 'cardinal' | 'ordinal';

    constructor(locales?: Intl.LocalesArgument, options?: Intl.PluralRulesOptions) {
      super(locales, options);
      if (/^(ak|tw)(-|$)/i.test(String([locales ?? ''].flat()[0]))) {
        this.#twi = options?.type === 'ordinal' ? 'ordinal' : 'cardinal';
      }
    }

    override select(n: number): Intl.LDMLPluralRule {
      if (!this.#twi) return super.select(n);
      return this.#twi === 'cardinal' && (n === 0 || Math.abs(n) === 1) ? 'one' : 'other';
    }
  }
  // Intl's own property (writable, not enumerable), replaced in place.
  Reflect.set(Intl, 'PluralRules', TwiPluralRules);
}
