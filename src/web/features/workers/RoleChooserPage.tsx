import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { WORKER_ROLES } from '../../../shared/constants.ts';
import { ROLE_LABELS } from '../../../shared/workers/roles.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { paths } from '../../paths.ts';
import './workers.css';

/** /role-chooser (spec §2): the roles a worker may apply for. */
export function RoleChooserPage() {
  const id = useId();
  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.workers}>{m.workers_portal()}</BackLink>
      <h1 id={`${id}-title`}>{m.workers_choose_role()}</h1>
      <p className="muted">{m.workers_which_role()}</p>
      <ul className="role-list">
        {WORKER_ROLES.map((role) => (
          <li key={role}>
            <Link className="role-option" to={paths.apply(role)}>
              {ROLE_LABELS[role]}
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
