// Dates, times and amounts: the one place they are written, the same in every language
// (decision 042), as a browser may have no `ak` data. The patterns are en-GB's: en-GH's CLDR
// data writes the same days and numbers, but a 12-hour clock ('09:30 am') and 'Sun, 29 Nov'
// where every screen has written '09:30' and 'Sun 29 Nov' (Node 24 and Chromium, 2026-11-29).

export const FORMAT_LOCALE = 'en-GB';

/**
 * A moment (a Date, an ISO time) or a calendar day ('2026-12-06') or month ('2026-12'),
 * which are read at midnight UTC.
 */
export type When = Date | string;

/**
 * Whose clock a moment is read on: 'ghana', the church's time (UTC all year, as calendar days
 * are stored), or 'device', the phone's own (where a screen has always shown it so: a
 * message's time, a check-in time typed in the phone's own time).
 */
export type Clock = 'ghana' | 'device';

function dateFormat(options: Intl.DateTimeFormatOptions) {
  const made: Partial<Record<Clock, Intl.DateTimeFormat>> = {};
  return (at: When, clock: Clock = 'ghana') =>
    (made[clock] ??= new Intl.DateTimeFormat(FORMAT_LOCALE, {
      ...options,
      timeZone: clock === 'ghana' ? 'UTC' : undefined,
    })).format(new Date(at));
}

// Pure: a route keeps only the formats it uses (decision 011's budgets).

/** '6 Dec 2026' */
export const formatDate = /* @__PURE__ */ dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** '6 December 2026' */
export const formatLongDate = /* @__PURE__ */ dateFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** 'Sun, 6 Dec 2026' */
export const formatWeekdayDate = /* @__PURE__ */ dateFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** '6 Dec' */
export const formatDayMonth = /* @__PURE__ */ dateFormat({ day: 'numeric', month: 'short' });
/** 'Dec 2026': the whole year, so a month never reads as a day ('Nov 26', issue 30). */
export const formatMonth = /* @__PURE__ */ dateFormat({ month: 'short', year: 'numeric' });
/** '09:30' */
export const formatTime = /* @__PURE__ */ dateFormat({ hour: '2-digit', minute: '2-digit' });
/** '6 Dec 2026, 09:30' */
export const formatDateTime = /* @__PURE__ */ dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** 'Sun, 6 Dec 2026, 09:30' */
export const formatWeekdayDateTime = /* @__PURE__ */ dateFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** '29/11': a day on USSD's narrow screen. */
export const formatNumericDay = /* @__PURE__ */ dateFormat({ day: '2-digit', month: '2-digit' });
/** 'Sat, 24 Dec 2026, 18:30 GMT': Ghana's time, saying so for a reader elsewhere. */
export const formatGhanaTime = (at: When) => `${formatWeekdayDateTime(at)} GMT`;
/** 'Sun 6 Dec, 09:30' */
export const formatWeekdayTime = /* @__PURE__ */ dateFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

// Amounts are integer pesewas (design: money is exact).

/** 123456 → '1,234.56' */
export const formatCedis = (pesewas: number) =>
  `${Math.floor(pesewas / 100).toLocaleString(FORMAT_LOCALE)}.${String(pesewas % 100).padStart(2, '0')}`;

/** 123456 → 'GHS 1,234.56' */
export const formatGhs = (pesewas: number) => `GHS ${formatCedis(pesewas)}`;

/** 123456 → '1234.56': for an amount field, a spreadsheet or a payment provider. */
export const plainCedis = (pesewas: number) =>
  `${Math.floor(pesewas / 100)}.${String(pesewas % 100).padStart(2, '0')}`;

/** 1234567 → '12,346': whole cedis, for a chart's axis. */
export const formatWholeCedis = (pesewas: number) =>
  (pesewas / 100).toLocaleString(FORMAT_LOCALE, { maximumFractionDigits: 0 });

/** 10000 → '10,000' */
export const formatCount = (count: number) => count.toLocaleString(FORMAT_LOCALE);
