// Amounts and dates read the same whichever language a member chose (decision 042): always
// formatted in `en-GH`, as a browser may have no `ak` data. Amounts: formatCedis (giving.ts).

export const FORMAT_LOCALE = 'en-GH';

/** A date or time format in `en-GH`, in Ghana's time (UTC) unless the options say otherwise. */
export const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(FORMAT_LOCALE, { timeZone: 'UTC', ...options });
