// Days and times as the desk's lists and entries write them. Apart from format.ts, which the
// reports route loads (at its budget, decision 011): that screen writes months only.

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A YYYY-MM-DD day or an ISO time, as a day. */
export const formatDay = (value: string) =>
  dayFormat.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
