import { afterEach, describe, expect, it } from 'vitest';
import { m } from '../paraglide/messages.js';
import { dateFormat, FORMAT_LOCALE } from './format.ts';
import { formatCedis } from './giving.ts';
import { ensureTwiPlural } from './plural-rules.ts';

// Amounts, dates and counts in Twi where the engine has no `ak` data at all (issue 35,
// decision 042): a browser without it asks for `ak`, gets another locale's data, and says it
// has none. Flock formats with `en-GH` in every language and counts with its own Twi plural,
// so a Twi member reads exactly what an English one does, with Twi words.

const engine = {
  NumberFormat: Intl.NumberFormat,
  DateTimeFormat: Intl.DateTimeFormat,
  PluralRules: Intl.PluralRules,
};
const isTwi = (locales: unknown) =>
  /^(ak|tw)(-|$)/i.test(String((Array.isArray(locales) ? locales[0] : locales) ?? ''));

/** An Intl constructor without `ak`: it says so, and formats `ak` as en-US. */
function withoutTwi<T extends new (locales?: Intl.LocalesArgument, options?: object) => object>(
  Engine: T & { supportedLocalesOf(locales: Intl.LocalesArgument): string[] },
) {
  return class extends (Engine as new (
    locales?: Intl.LocalesArgument,
    options?: object,
  ) => object) {
    constructor(locales?: Intl.LocalesArgument, options?: object) {
      super(isTwi(locales) ? 'en-US' : locales, options);
    }
    static supportedLocalesOf(locales: Intl.LocalesArgument): string[] {
      const asked = (Array.isArray(locales) ? locales : [locales]).filter((l) => !isTwi(l));
      return Engine.supportedLocalesOf(asked as string[]);
    }
  };
}

function removeTwiData() {
  for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules'] as const) {
    Reflect.set(Intl, name, withoutTwi(engine[name] as never));
  }
}

afterEach(() => {
  for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules'] as const) {
    Reflect.set(Intl, name, engine[name]);
  }
});

describe('formats without ak data', () => {
  const day = new Date('2026-12-06T09:30:00Z');
  const expected = () => ({
    amount: formatCedis(1_234_567),
    date: dateFormat({ day: 'numeric', month: 'long', year: 'numeric' }).format(day),
    time: dateFormat({ hour: '2-digit', minute: '2-digit' }).format(day),
  });

  it('writes amounts and dates as en-GH does, in Twi as in English', () => {
    const withData = expected();
    expect(withData).toMatchObject({ amount: '12,345.67', date: '6 December 2026' });
    expect(withData.time).toMatch(/^09:30/);
    removeTwiData();
    expect(Intl.NumberFormat.supportedLocalesOf('ak')).toEqual([]);
    expect(Intl.DateTimeFormat.supportedLocalesOf('ak')).toEqual([]);
    expect(expected()).toEqual(withData);
  });

  it('counts in Twi with its own plural: 0 and 1 are one', () => {
    removeTwiData();
    ensureTwiPlural();
    const twi = { locale: 'ak' } as const;
    expect(m.admin_days_count({ count: 0 }, twi)).toBe('da 0');
    expect(m.admin_days_count({ count: 1 }, twi)).toBe('da 1');
    expect(m.admin_days_count({ count: 2 }, twi)).toBe('nna 2');
    // English unchanged: 0 is other.
    expect(m.admin_days_count({ count: 0 }, { locale: 'en' })).toBe('0 days');
    expect(m.admin_days_count({ count: 1 }, { locale: 'en' })).toBe('1 day');
  });
});

describe('amounts and dates (en-GH in every language)', () => {
  it('formats a date in en-GH, in Ghana time', () => {
    const at = new Date('2026-11-27T23:30:00Z');
    const format = dateFormat({
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(format.resolvedOptions().locale).toBe(FORMAT_LOCALE);
    expect(format.resolvedOptions().timeZone).toBe('UTC');
    expect(format.format(at)).toBe(
      new Intl.DateTimeFormat('en-GH', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      }).format(at),
    );
  });

  it('formats amounts with formatCedis', () => {
    expect(formatCedis(123456789)).toBe('1,234,567.89');
  });
});
