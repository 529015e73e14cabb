import { useId } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { Chevron } from './Chevron.tsx';
import { useDevotionalWeeks } from './devotional.api.ts';
import './devotional.css';

const dayCount = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** /devotional (spec §2): the list of weeks. */
export function DevotionalPage() {
  const id = useId();
  const weeks = useDevotionalWeeks();

  let body;
  if (weeks.isPending) {
    body = <Spinner label="Loading devotionals..." />;
  } else if (weeks.isError) {
    body = (
      <LoadFailed
        message="We could not load the devotionals."
        reason={weeks.error.message}
        onRetry={() => void weeks.refetch()}
      />
    );
  } else if (weeks.data.length === 0) {
    body = <p className="muted">No devotionals yet. Please check back later.</p>;
  } else {
    body = (
      <ul className="devotional-list" aria-labelledby={`${id}-title`}>
        {weeks.data.map((week) => (
          <li key={week.id}>
            <Link className="devotional-row devotional-week" to={paths.devotionalWeek(week.id)}>
              <span className="devotional-badge">Week {week.id}</span>
              <span className="devotional-row-text">
                <span className="devotional-row-title">{week.title}</span>
                <span className="devotional-row-meta">{dayCount(week.dayCount)}</span>
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
      <h1 id={`${id}-title`}>Devotional</h1>
      {body}
    </section>
  );
}
