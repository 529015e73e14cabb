import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { DEVOTIONAL_MESSAGES } from '../../../shared/devotional.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { paths } from '../../paths.ts';
import { Chevron } from './Chevron.tsx';
import { isMissing, numberParam, useDevotionalWeek } from './devotional.api.ts';
import './devotional.css';

/** /devotional/week/{weekId} (spec §2): the week's days, or 'No devotionals found for Week N'. */
export function DevotionalWeekPage() {
  const id = useId();
  const { weekId: weekParam = '' } = useParams();
  const weekId = numberParam(weekParam);
  const week = useDevotionalWeek(weekId);

  let body;
  if (weekId === null || isMissing(week.error)) {
    body = (
      <h1 id={`${id}-title`} className="devotional-missing">
        {DEVOTIONAL_MESSAGES.noWeek(weekParam)}
      </h1>
    );
  } else {
    body = (
      <QueryState
        query={week}
        loading={m.devotional_loading_days()}
        failed={m.devotional_week_failed()}
      >
        {(data) => (
          <>
            <p className="eyebrow">{m.devotional_week({ week: data.id })}</p>
            <h1 id={`${id}-title`}>{data.title}</h1>
            <ol className="devotional-list" aria-labelledby={`${id}-title`}>
              {data.days.map((day) => (
                <li key={day.day}>
                  <Link className="devotional-row" to={paths.devotionalDay(data.id, day.day)}>
                    <span className="devotional-badge">{m.devotional_day({ day: day.day })}</span>
                    <span className="devotional-row-text">
                      <span className="devotional-row-title">{day.title}</span>
                      {!day.hasDocument && (
                        <span className="devotional-row-meta">
                          {m.shared_devotional_coming_soon()}
                        </span>
                      )}
                    </span>
                    <Chevron />
                  </Link>
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryState>
    );
  }

  return (
    <section className="page narrow-page devotional-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.devotional}>{m.devotional_all_weeks()}</BackLink>
      {body}
    </section>
  );
}
