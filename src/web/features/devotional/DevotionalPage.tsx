import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { Chevron } from './Chevron.tsx';
import { useDevotionalWeeks } from './devotional.api.ts';
import './devotional.css';

/** /devotional (spec §2): the list of weeks. */
export function DevotionalPage() {
  const id = useId();
  const weeks = useDevotionalWeeks();

  let body;
  if (weeks.isPending) {
    body = <Spinner label={m.devotional_loading_weeks()} />;
  } else if (weeks.isError) {
    body = (
      <LoadFailed
        message={m.devotional_weeks_failed()}
        reason={weeks.error.message}
        onRetry={() => void weeks.refetch()}
      />
    );
  } else if (weeks.data.length === 0) {
    body = <p className="muted">{m.devotional_none()}</p>;
  } else {
    body = (
      <ul className="devotional-list" aria-labelledby={`${id}-title`}>
        {weeks.data.map((week) => (
          <li key={week.id}>
            <Link className="devotional-row devotional-week" to={paths.devotionalWeek(week.id)}>
              <span className="devotional-badge">{m.devotional_week({ week: week.id })}</span>
              <span className="devotional-row-text">
                <span className="devotional-row-title">{week.title}</span>
                <span className="devotional-row-meta">
                  {m.devotional_day_count({ count: week.dayCount })}
                </span>
              </span>
              <Chevron />
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="page narrow-page devotional-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.devotional_title()}</h1>
      {body}
    </section>
  );
}
