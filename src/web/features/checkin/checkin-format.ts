// Times on the check-in screens are on the phone's clock (Ghana keeps UTC): an admin types a
// session's times in it, below.

/** A moment as a datetime-local input's value (the phone's own time). */
export function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
