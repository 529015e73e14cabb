import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
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
        {m.devotional_day_not_found({ day: dayParam, week: weekParam })}
      </h1>
    );
  } else {
    body = (
      <QueryState
        query={day}
        loading={m.devotional_loading_day()}
        failed={m.devotional_day_failed()}
      >
        {(data) => (
          <>
            <p className="eyebrow">{m.devotional_week_day({ week: data.weekId, day: data.day })}</p>
            <h1 id={`${id}-title`}>{data.title}</h1>
            {data.documentUrl ? (
              <div className="devotional-document">
                <iframe
                  key={data.documentUrl}
                  src={data.documentUrl}
                  title={m.devotional_day_title({ day: data.day, title: data.title })}
                  allow="fullscreen"
                  referrerPolicy="strict-origin-when-cross-origin"
                />
                <p className="devotional-document-link">
                  <a href={data.documentUrl} target="_blank" rel="noopener noreferrer">
                    {m.devotional_open_document()}
                  </a>
                </p>
              </div>
            ) : (
              <div className="card devotional-coming-soon">
                <h2>{m.shared_devotional_coming_soon()}</h2>
                <p className="muted">{m.devotional_not_ready()}</p>
              </div>
            )}
            <nav className="devotional-pager" aria-label={m.devotional_days_label()}>
              {data.previousDay !== null && (
                <Link
                  className="devotional-pager-link"
                  to={paths.devotionalDay(data.weekId, data.previousDay)}
                >
                  <span className="devotional-pager-label">{m.devotional_previous_day()}</span>
                  <span>{m.devotional_day({ day: data.previousDay })}</span>
                </Link>
              )}
              {data.nextDay !== null && (
                <Link
                  className="devotional-pager-link devotional-pager-next"
                  to={paths.devotionalDay(data.weekId, data.nextDay)}
                >
                  <span className="devotional-pager-label">{m.devotional_next_day()}</span>
                  <span>{m.devotional_day({ day: data.nextDay })}</span>
                </Link>
              )}
            </nav>
          </>
        )}
      </QueryState>
    );
  }

  return (
    <section className="page devotional-day-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.devotionalWeek(weekParam)}>
        {m.devotional_week({ week: weekParam })}
      </BackLink>
      {body}
    </section>
  );
}
