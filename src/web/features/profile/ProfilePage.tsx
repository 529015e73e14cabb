import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { PROFILE_MESSAGES } from '../../../shared/profile.ts';
import { ApiError } from '../../api.ts';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../accounts/useSession.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { useProfile } from './profile.api.ts';

// Issue 32's phone sections and issue 35's notifications come after the spec's details, each
// in its own file.
const PhoneSections = lazy(async () => ({
  default: (await import('./PhoneSections.tsx')).PhoneSections,
}));
const NotificationsSection = lazy(async () => ({
  default: (await import('../notifications/NotificationsSection.tsx')).NotificationsSection,
}));

/** /profile (spec §2 Profile, §5, §8). Guests have no account, so no profile. */
export function ProfilePage() {
  const id = useId();
  const { status } = useSession();
  const isMember = status === 'member';
  const profile = useProfile(isMember);

  let body;
  if (!isMember) {
    body = (
      <div className="card">
        <p>Your profile needs an account. Log in or sign up to see and edit it.</p>
        <Link className="button" to={paths.auth}>
          Log In/Sign Up
        </Link>
      </div>
    );
  } else if (profile.isPending) {
    body = <Spinner label="Loading profile..." />;
  } else if (profile.isError) {
    const notFound = profile.error instanceof ApiError && profile.error.status === 404;
    body = (
      <div className="card">
        <p role="alert" className="form-alert">
          {notFound ? PROFILE_MESSAGES.notFound : PROFILE_MESSAGES.loadFailed}
        </p>
        <p className="profile-retry">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void profile.refetch()}
          >
            Try again
          </button>
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <section className="card" aria-labelledby={`${id}-details`}>
          <h2 id={`${id}-details`}>Your details</h2>
          <ProfileForm profile={profile.data} />
        </section>
        <Suspense fallback={<Spinner label="Loading..." />}>
          <PhoneSections profile={profile.data} />
        </Suspense>
        <Suspense fallback={<Spinner label="Loading..." />}>
          <NotificationsSection />
        </Suspense>
        <section className="card" aria-labelledby={`${id}-password`}>
          <h2 id={`${id}-password`}>Change password</h2>
          <ChangePasswordForm />
        </section>
      </>
    );
  }

  return (
    <section className="page narrow-page profile-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Profile</h1>
      <section className="card profile-giving" aria-labelledby={`${id}-giving`}>
        <h2 id={`${id}-giving`}>Your giving</h2>
        <p>Every gift you made, its receipt, and this year's total.</p>
        <PaymentHistoryLink block={false} />
      </section>
      {body}
    </section>
  );
}
