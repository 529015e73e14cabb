import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api.ts';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { loadNotificationsSection } from '../notifications/index.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { useProfile } from './profile.api.ts';
import { m } from '../../../paraglide/messages.js';

// Issue 32's phone sections and issue 35's notifications come after the spec's details, each
// in its own file.
const PhoneSections = lazy(async () => ({
  default: (await import('./PhoneSections.tsx')).PhoneSections,
}));
const NotificationsSection = lazy(async () => ({
  default: (await loadNotificationsSection()).NotificationsSection,
}));

/** /profile (spec §2 Profile, §5, §8). Guests have no account, so no profile. */
export function ProfilePage() {
  const id = useId();
  const { status } = useSession();
  const isMember = status === 'member';
  const profile = useProfile(isMember);

  // Not QueryState: its failure card tells 'not found' apart, and a guest sees a card of their own.
  let body;
  if (!isMember) {
    body = (
      <div className="card">
        <p>{m.profile_needs_account()}</p>
        <Link className="button" to={paths.auth}>
          {m.shell_log_in_sign_up()}
        </Link>
      </div>
    );
  } else if (profile.isPending) {
    body = <Spinner label={m.profile_loading()} />;
  } else if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    body = (
      <div className="card">
        <p role="alert" className="form-alert">
          {notFound ? m.shared_profile_not_found() : m.shared_profile_load_failed()}
        </p>
        <p className="profile-retry">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void profile.refetch()}
          >
            {m.components_try_again()}
          </button>
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <section className="card" aria-labelledby={`${id}-details`}>
          <h2 id={`${id}-details`}>{m.profile_details_title()}</h2>
          <ProfileForm profile={profile.data} />
        </section>
        <Suspense fallback={<Spinner />}>
          <PhoneSections profile={profile.data} />
        </Suspense>
        <Suspense fallback={<Spinner />}>
          <NotificationsSection />
        </Suspense>
        <section className="card" aria-labelledby={`${id}-password`}>
          <h2 id={`${id}-password`}>{m.profile_password_title()}</h2>
          <ChangePasswordForm />
        </section>
      </>
    );
  }

  return (
    <section className="page narrow-page profile-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.profile_title()}</h1>
      <section className="card profile-giving" aria-labelledby={`${id}-giving`}>
        <h2 id={`${id}-giving`}>{m.profile_giving_title()}</h2>
        <p>{m.profile_giving_text()}</p>
        <PaymentHistoryLink block={false} />
      </section>
      {body}
    </section>
  );
}
