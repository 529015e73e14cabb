import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import type { SectionDef } from '../../../shared/workers/fields.ts';
import { formFor } from '../../../shared/workers/form.ts';
import { ROLE_LABELS, type ApplicationRole } from '../../../shared/workers/roles.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { ApplicationForm } from './ApplicationForm.tsx';
import { useWorkerStatus } from './workers.api.ts';
import './workers.css';

/** /apply/{roleId} (spec §2 Role chooser and application). */
export function ApplyPage() {
  const { roleId = '' } = useParams();
  // Built in the reader's language once per role, not on every render.
  const sections = useMemo(() => formFor(roleId), [roleId]);
  if (!sections) {
    return (
      <section className="page narrow-page">
        <BackLink to={paths.roleChooser}>{m.workers_choose_role()}</BackLink>
        <h1>{m.workers_apply()}</h1>
        <p className="form-alert" role="alert">
          {m.shared_workers_no_form({ role: roleId })}
        </p>
      </section>
    );
  }
  return <ApplicationGate role={roleId as ApplicationRole} sections={sections} />;
}

/** Waits for who is signed in (their draft and details), and for a member's open application. */
function ApplicationGate({
  role,
  sections,
}: {
  role: ApplicationRole;
  sections: readonly SectionDef[];
}) {
  const { status, user } = useSession();
  const member = status === 'member';
  const worker = useWorkerStatus(member);
  if (status === 'loading' || (member && worker.isPending)) return <PageLoading />;
  const open = worker.data?.status;
  if (member && (open === 'pending' || open === 'approved')) {
    return (
      <section className="page narrow-page">
        <h1>{m.workers_apply_as({ role: ROLE_LABELS[role] })}</h1>
        <div className="card" role="status">
          <p>
            {open === 'pending' ? m.shared_workers_already_pending() : m.workers_already_approved()}
          </p>
          <Link className="button" to={paths.workers}>
            {m.workers_go_to_portal()}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <ApplicationForm
      key={user?.id ?? 'visitor'}
      role={role}
      sections={sections}
      userId={user?.id ?? null}
    />
  );
}
