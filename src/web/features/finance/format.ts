import { formatCedis, OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';

/** "GHS 1,250.00" */
export const ghs = (pesewas: number) => `GHS ${formatCedis(pesewas)}`;

export const typeLabel = (type: string) =>
  OFFERING_TYPE_LABELS[type as keyof typeof OFFERING_TYPE_LABELS] ?? type;

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

const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM month as "Nov 2026" (never "Nov 26", which reads as a day: issue 30). */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** A YYYY-MM-DD day or an ISO time, as a day. */
export const formatDay = (value: string) =>
  dayFormat.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));

/** Today where the church is (Ghana keeps UTC), for date inputs. */
export const todayIso = () => new Date().toISOString().slice(0, 10);
