import { formatCedis, OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';

/** "GHS 1,250.00" */
export const ghs = (pesewas: number) => `GHS ${formatCedis(pesewas)}`;

export const typeLabel = (type: string) =>
  OFFERING_TYPE_LABELS[type as keyof typeof OFFERING_TYPE_LABELS] ?? type;

const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM month as "Nov 2026" (never "Nov 26", which reads as a day: issue 30). */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** Today where the church is (Ghana keeps UTC), for date inputs. */
export const todayIso = () => new Date().toISOString().slice(0, 10);
