import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { ROLE_LABELS } from '../../../shared/workers/roles.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useWorkerStatus } from './workers.api.ts';
import './workers.css';
import { formatLongDate } from '../../../shared/format.ts';

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
  return (
    <QueryState
      query={worker}
      loading={<PageLoading label={m.workers_loading_application()} />}
      failed={m.workers_load_application_failed()}
      failedHeading={m.workers_portal()}
    >
      {({ status, application }) => {
        const role = application ? ROLE_LABELS[application.role] : '';
        const appliedOn = application ? formatLongDate(application.createdAt, 'device') : '';

        if (status === 'approved' && application?.role === 'pastor') {
          return (
            <section className="page workers-page" aria-labelledby={`${id}-title`}>
              <h1 id={`${id}-title`}>{m.workers_pastor_dashboard()}</h1>
              <ul className="portal-cards">
                <li>
                  <Link className="portal-card" to={paths.pastorAdminResources}>
                    <h2>{m.pastor_admin_resources()}</h2>
                    <p className="muted">{m.workers_admin_resources_card()}</p>
                  </Link>
                </li>
                <li>
                  <Link className="portal-card" to={paths.pastorMinistryResources}>
                    <h2>{m.pastor_ministry_resources()}</h2>
                    <p className="muted">{m.workers_ministry_resources_card()}</p>
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
                <h1 id={`${id}-title`}>{m.workers_approved_title()}</h1>
                <p>{m.workers_approved_text({ role, roleLower: role.toLowerCase() })}</p>
              </div>
            )}
            {status === 'pending' && (
              <div className="card workers-status">
                <h1 id={`${id}-title`}>{m.workers_pending_title()}</h1>
                <p>{m.workers_pending_text({ role, date: appliedOn })}</p>
              </div>
            )}
            {status === 'rejected' && (
              <div className="card workers-status">
                <h1 id={`${id}-title`}>{m.workers_rejected_title()}</h1>
                <p>{m.workers_rejected_text({ role, date: appliedOn })}</p>
                {application?.reason && (
                  <>
                    <h2 className="workers-reason-title">{m.workers_reason_given()}</h2>
                    <p className="workers-reason">{application.reason}</p>
                  </>
                )}
                <p>
                  <Link className="button button-secondary" to={paths.roleChooser}>
                    {m.workers_reapply()}
                  </Link>
                </p>
              </div>
            )}
            {status === 'not_applied' && (
              <div className="card workers-status">
                <h1 id={`${id}-title`}>{m.workers_portal()}</h1>
                <p>{m.workers_not_applied_text()}</p>
                <p>
                  <Link className="button button-block" to={paths.roleChooser}>
                    {m.workers_apply_now()}
                  </Link>
                </p>
              </div>
            )}
          </section>
        );
      }}
    </QueryState>
  );
}
