import { afterEach, describe, expect, it } from 'vitest';
import { m } from '../paraglide/messages.js';
import {
  formatCedis,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatGhanaTime,
  formatGhs,
  formatLongDate,
  formatMonth,
  formatNumericDay,
  formatTime,
  formatWeekdayDate,
  formatWeekdayDateTime,
  formatWeekdayTime,
  formatWholeCedis,
  plainCedis,
} from './format.ts';
import { ensureTwiPlural } from './plural-rules.ts';

// Amounts, dates and counts in Twi where the engine has no `ak` data at all (issue 35,
// decision 042): a browser without it asks for `ak`, gets another locale's data, and says it
// has none. Flock formats with one locale in every language and counts with its own Twi plural,
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
    date: formatLongDate(day),
    time: formatTime(day),
  });

  it('writes amounts and dates the same in Twi as in English', () => {
    const withData = expected();
    expect(withData).toEqual({ amount: '12,345.67', date: '6 December 2026', time: '09:30' });
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

describe('dates and times', () => {
  // Late in the evening in Ghana: a format on Ghana's clock keeps the day.
  const at = new Date('2026-11-29T23:05:00Z');

  it('writes each format the way the screens always have', () => {
    expect(formatDate(at)).toBe('29 Nov 2026');
    expect(formatLongDate(at)).toBe('29 November 2026');
    expect(formatWeekdayDate(at)).toBe('Sun, 29 Nov 2026');
    expect(formatDayMonth(at)).toBe('29 Nov');
    expect(formatNumericDay(at)).toBe('29/11');
    expect(formatTime(at)).toBe('23:05');
    expect(formatTime(new Date('2026-11-29T00:00:00Z'))).toBe('00:00');
    expect(formatDateTime(at)).toBe('29 Nov 2026, 23:05');
    expect(formatWeekdayDateTime(at)).toBe('Sun, 29 Nov 2026, 23:05');
    expect(formatWeekdayTime(at)).toBe('Sun 29 Nov, 23:05');
    expect(formatGhanaTime(at)).toBe('Sun, 29 Nov 2026, 23:05 GMT');
  });

  it('reads a calendar day or month at midnight in Ghana, whatever the clock', () => {
    expect(formatDate('2026-12-31')).toBe('31 Dec 2026');
    expect(formatLongDate('2027-01-01')).toBe('1 January 2027');
    expect(formatWeekdayDate('2026-11-29')).toBe('Sun, 29 Nov 2026');
    expect(formatDateTime('2026-11-29T09:30:00.000Z')).toBe('29 Nov 2026, 09:30');
  });

  it('writes the whole year of a month, so it never reads as a day ("Nov 26")', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2027-01')).toBe('Jan 2027');
  });

  it("reads a moment on the device's clock when asked", () => {
    const device = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(formatTime(at, 'device')).toBe(device.format(at));
  });
});

describe('amounts', () => {
  it('writes pesewas as cedis, grouped, with or without GHS', () => {
    expect(formatCedis(123456789)).toBe('1,234,567.89');
    expect(formatCedis(5)).toBe('0.05');
    expect(formatGhs(5000)).toBe('GHS 50.00');
    expect(plainCedis(125050)).toBe('1250.50');
    expect(formatWholeCedis(1234567)).toBe('12,346');
    expect(formatCount(10_000)).toBe('10,000');
  });
});
