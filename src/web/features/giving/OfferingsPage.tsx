import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useChurch } from '../../core/useChurch.ts';
import { useProfile } from '../profile/index.ts';
import { useSchedule } from '../recurring/index.ts';
import { OfferingForm } from './OfferingForm.tsx';
import './giving.css';
import { m } from '../../../paraglide/messages.js';

/** /offerings (spec §2 Offerings): members and guests give here. */
export function OfferingsPage() {
  const id = useId();
  const { status } = useSession();
  const church = useChurch();
  // A member's details fill the form in; the form works without them (guests, slow network).
  const profile = useProfile(status === 'member');
  // A recurring gift's reminder links here with its id: the form comes filled in from it.
  const [search] = useSearchParams();
  const scheduleId = search.get('schedule');
  const schedule = useSchedule(status === 'member' && scheduleId ? scheduleId : null);

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.giving_offerings_title()}</h1>
      <p className="offerings-intro muted">{m.giving_offerings_intro()}</p>
      {(status === 'member' || status === 'guest') && (
        <p className="offerings-history-link">
          <Link to={paths.paymentHistory}>{m.giving_history_link()}</Link>
          {status === 'member' && (
            <>
              {' · '}
              <Link to={paths.recurring}>{m.recurring_title()}</Link>
              {' · '}
              <Link to={paths.pledges}>{m.pledges_yours()}</Link>
            </>
          )}
        </p>
      )}
      <div className="card">
        {church.data ? (
          <OfferingForm church={church.data} profile={profile.data} schedule={schedule.data} />
        ) : church.isError ? (
          <div role="alert">
            <p className="form-alert">{m.giving_form_failed()}</p>
            <p>
              <button type="button" className="button" onClick={() => void church.refetch()}>
                {m.giving_try_again()}
              </button>
            </p>
          </div>
        ) : (
          <PageLoading label={m.giving_form_loading()} />
        )}
      </div>
    </section>
  );
}
