import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { ROLE_LABELS } from '../../../shared/workers.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageLoading } from '../../components/Spinner.tsx';
import { messageOf } from '../../api.ts';
import { paths } from '../../paths.ts';
import { useSession } from '../accounts/useSession.ts';
import { useWorkerStatus } from './workers.api.ts';
import './workers.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * /workers (spec §2 Workers portal): what a member sees follows their latest application —
 * approved, pending, rejected or none. Without a member signed in, /auth.
 */
export function WorkersPage() {
  const id = useId();
  const { status: session } = useSession();
  const signedIn = session === 'member';
  const worker = useWorkerStatus(signedIn);

  if (session === 'loading') return <PageLoading />;
  if (!signedIn) return <Navigate to={paths.auth} replace />;
  if (worker.isPending) return <PageLoading label="Loading your application..." />;
  if (worker.isError) {
    return (
      <section className="page narrow-page">
        <h1>Workers Portal</h1>
        <LoadFailed
          message="We could not load your application."
          reason={messageOf(worker.error)}
          onRetry={() => void worker.refetch()}
        />
      </section>
    );
  }

  const { status, application } = worker.data;
  const role = application ? ROLE_LABELS[application.role] : '';
  const appliedOn = application ? dateFormat.format(new Date(application.createdAt)) : '';

  if (status === 'approved' && application?.role === 'pastor') {
    return (
      <section className="page workers-page" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Pastor&apos;s Dashboard</h1>
        <ul className="portal-cards">
          <li>
            <Link className="portal-card" to={paths.pastorAdminResources}>
              <h2>Administrative Resources</h2>
              <p className="muted">
                Accounts, appointment status, information desk, calendar and messages.
              </p>
            </Link>
          </li>
          <li>
            <Link className="portal-card" to={paths.pastorMinistryResources}>
              <h2>Ministry &amp; Church Resources</h2>
              <p className="muted">
                Study materials, Bible study tools, sermon archive and resource links.
              </p>
            </Link>
          </li>
        </ul>
      </section>
    );
  }

  return (
    <section className="page narrow-page workers-page" aria-labelledby={`${id}-title`}>
      {status === 'approved' && (
        <div className="card workers-status">
          <h1 id={`${id}-title`}>Application Approved</h1>
          <p>
            Your application as {role} was approved. The {role.toLowerCase()}s&apos; portal is
            coming soon.
          </p>
        </div>
      )}
      {status === 'pending' && (
        <div className="card workers-status">
          <h1 id={`${id}-title`}>Application Under Review</h1>
          <p>
            Thank you. Your application as {role}, sent on {appliedOn}, is being reviewed by the
            church leadership. This page will show the decision.
          </p>
        </div>
      )}
      {status === 'rejected' && (
        <div className="card workers-status">
          <h1 id={`${id}-title`}>Application Rejected</h1>
          <p>
            Your application as {role}, sent on {appliedOn}, was not approved. You may contact the
            church leadership to talk about it, or reapply later.
          </p>
          {application?.reason && (
            <>
              <h2 className="workers-reason-title">The reason given</h2>
              <p className="workers-reason">{application.reason}</p>
            </>
          )}
          <p>
            <Link className="button button-secondary" to={paths.roleChooser}>
              Reapply
            </Link>
          </p>
        </div>
      )}
      {status === 'not_applied' && (
        <div className="card workers-status">
          <h1 id={`${id}-title`}>Workers Portal</h1>
          <p>
            Serve as a pastor or an elder: apply with a short form in seven steps, then sign it. An
            admin reviews every application.
          </p>
          <p>
            <Link className="button button-block" to={paths.roleChooser}>
              Apply Now
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
