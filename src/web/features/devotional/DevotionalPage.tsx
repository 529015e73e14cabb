import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { QueryState } from '../../components/QueryState.tsx';
import { paths } from '../../paths.ts';
import { Chevron } from './Chevron.tsx';
import { useDevotionalWeeks } from './devotional.api.ts';
import './devotional.css';

/** /devotional (spec §2): the list of weeks. */
export function DevotionalPage() {
  const id = useId();
  const weeks = useDevotionalWeeks();

  return (
    <section className="page narrow-page devotional-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.devotional_title()}</h1>
      <QueryState
        query={weeks}
        loading={m.devotional_loading_weeks()}
        failed={m.devotional_weeks_failed()}
        isEmpty={(list) => list.length === 0}
        empty={<p className="muted">{m.devotional_none()}</p>}
      >
        {(list) => (
          <ul className="devotional-list" aria-labelledby={`${id}-title`}>
            {list.map((week) => (
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
        )}
      </QueryState>
    </section>
  );
}
