import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useSchedules } from './recurring.api.ts';
import { scheduleTitle, scheduleWhen } from './schedule-text.ts';
import { m } from '../../../paraglide/messages.js';

/** On the payment history (issue 33): each recurring gift still running, with its next date. */
export function RecurringSummary() {
  const id = useId();
  const { status } = useSession();
  const schedules = useSchedules(status === 'member');
  const running = (schedules.data ?? []).filter(
    (schedule) => schedule.status === 'active' || schedule.status === 'paused',
  );
  if (running.length === 0) return null;
  return (
    <section className="card recurring-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.recurring_title()}</h2>
      <ul>
        {running.map((schedule) => (
          <li key={schedule.id}>
            <strong>{scheduleTitle(schedule)}</strong>
            <br />
            {schedule.status === 'paused' ? m.recurring_status_paused() : scheduleWhen(schedule)}
          </li>
        ))}
      </ul>
      <Link to={paths.recurring}>{m.recurring_manage()}</Link>
    </section>
  );
}
