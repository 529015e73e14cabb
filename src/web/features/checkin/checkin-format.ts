// Times on the check-in screens, as the phone's clock shows them (Ghana keeps UTC).

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const when = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** "09:30" */
export const formatTime = (iso: string) => time.format(new Date(iso));
/** "Sun 29 Nov, 09:30" */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** A moment as a datetime-local input's value (the phone's own time). */
export function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
