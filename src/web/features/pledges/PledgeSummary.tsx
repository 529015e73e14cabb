import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { usePledges } from './pledges.api.ts';
import { formatDate } from '../../../shared/format.ts';
import { pledgeName, PledgeProgress } from './PledgeProgress.tsx';
import { m } from '../../../paraglide/messages.js';

/**
 * The member's pledges in brief, on the payment history (issue 33): each one's progress and a
 * link to /giving/pledges. Nothing while loading or when the pledges could not load: the
 * history is what the page is for. A guest has no pledges: nothing is asked.
 */
export function PledgeSummary() {
  const { status } = useSession();
  return status === 'member' ? <Summary /> : null;
}

function Summary() {
  const id = useId();
  const pledges = usePledges();
  if (!pledges.data) return null;
  const list = pledges.data.pledges;
  return (
    <section className="card pledge-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pledge-summary-title">
        {m.pledges_yours()}
      </h2>
      {list.length > 0 && (
        <ul className="pledge-summary-list">
          {list.slice(0, 3).map((p) => (
            <li key={p.id}>
              <span className="pledge-summary-name">
                {pledgeName(p)} · {m.pledges_by_date({ date: formatDate(p.dueOn) })}
              </span>
              <PledgeProgress pledge={p} />
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.pledges}>{list.length > 0 ? m.pledges_see_all() : m.pledges_make()}</Link>
    </section>
  );
}
