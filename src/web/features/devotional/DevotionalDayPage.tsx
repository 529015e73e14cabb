import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { DEVOTIONAL_MESSAGES } from '../../../shared/devotional.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { isMissing, numberParam, useDevotionalDay } from './devotional.api.ts';
import './devotional.css';

/**
 * /devotional/week/{weekId}/day/{dayId} (spec §2): the day's document through its preview
 * link, or 'Coming Soon' when the day has none; links to the days before and after.
 */
export function DevotionalDayPage() {
  const id = useId();
  const { weekId: weekParam = '', dayId: dayParam = '' } = useParams();
  const weekId = numberParam(weekParam);
  const dayId = numberParam(dayParam);
  const day = useDevotionalDay(weekId, dayId);

  let body;
  if (weekId === null || dayId === null || isMissing(day.error)) {
    body = (
      <h1 id={`${id}-title`} className="devotional-missing">
        Day {dayParam} of Week {weekParam} was not found.
      </h1>
    );
  } else if (day.isPending) {
    body = <Spinner label="Loading devotional..." />;
  } else if (day.isError) {
    body = (
      <LoadFailed
        message="We could not load this devotional."
        reason={day.error.message}
        onRetry={() => void day.refetch()}
      />
    );
  } else {
    const { data } = day;
    body = (
      <>
        <p className="eyebrow">
          Week {data.weekId} · Day {data.day}
        </p>
        <h1 id={`${id}-title`}>{data.title}</h1>
        {data.documentUrl ? (
          <div className="devotional-document">
            <iframe
              key={data.documentUrl}
              src={data.documentUrl}
              title={`Day ${data.day}: ${data.title}`}
              allow="fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
            />
            <p className="devotional-document-link">
              <a href={data.documentUrl} target="_blank" rel="noopener noreferrer">
                Open the document in a new tab
              </a>
            </p>
          </div>
        ) : (
          <div className="card devotional-coming-soon">
            <h2>{DEVOTIONAL_MESSAGES.comingSoon}</h2>
            <p className="muted">
              This day’s devotional is not ready yet. Please check back later.
            </p>
          </div>
        )}
        <nav className="devotional-pager" aria-label="Days">
          {data.previousDay !== null && (
            <Link
              className="devotional-pager-link"
              to={paths.devotionalDay(data.weekId, data.previousDay)}
            >
              <span className="devotional-pager-label">‹ Previous day</span>
              <span>Day {data.previousDay}</span>
            </Link>
          )}
          {data.nextDay !== null && (
            <Link
              className="devotional-pager-link devotional-pager-next"
              to={paths.devotionalDay(data.weekId, data.nextDay)}
            >
              <span className="devotional-pager-label">Next day ›</span>
              <span>Day {data.nextDay}</span>
            </Link>
          )}
        </nav>
      </>
    );
  }

  return (
    <section className="page devotional-day-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.devotionalWeek(weekParam)}>{`Week ${weekParam}`}</BackLink>
      {body}
    </section>
  );
}
