import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { useSession } from '../accounts/useSession.ts';
import './admin.css';

/** The part of the email before the at-sign (spec §2 Admin: how the dashboard greets). */
const emailName = (email: string) => email.split('@')[0] || email;

/**
 * /admin (spec §2 Admin): the greeting and the admin's cards. The logout is the navbar's
 * 'Logout', on this page as on every page a member sees (a second one here only doubled it).
 */
export function AdminPage() {
  const id = useId();
  const { user } = useSession();

  return (
    <section className="page admin-page" aria-labelledby={`${id}-title`}>
      <header className="admin-header">
        <h1 id={`${id}-title`}>Admin Dashboard</h1>
        <p className="admin-greeting">Welcome, {emailName(user?.email ?? '')}!</p>
      </header>

      <ul className="admin-cards" aria-label="Admin tools">
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminApplications}>
            <h2>Worker Applications</h2>
            <p className="muted">Review pastor and elder applications.</p>
          </Link>
        </li>
        <li>
          <div className="admin-card" role="group" aria-labelledby={`${id}-content`}>
            <h2 id={`${id}-content`}>Content</h2>
            <p className="muted">Add, edit, reorder and remove what members watch and read.</p>
            <div className="admin-card-actions">
              <Link className="button button-small" to={paths.adminSermons}>
                Manage sermons
              </Link>
              <Link className="button button-small" to={paths.adminVideos}>
                Manage videos
              </Link>
              <Link className="button button-small" to={paths.adminDevotional}>
                Manage devotional
              </Link>
            </div>
          </div>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminUsers}>
            <h2>Registered Users</h2>
            <p className="muted">Find members by name or email.</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminReports}>
            <h2>Reports</h2>
            <p className="muted">Giving by assembly, type, method and month, with CSV.</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminEvents}>
            <h2>Events</h2>
            <p className="muted">Publish events and services; replies, with CSV.</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={`${paths.prayer}?view=moderation`}>
            <h2>Prayer requests</h2>
            <p className="muted">Approve what members share before it shows on the wall.</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminCheckin}>
            <h2>Check-in</h2>
            <p className="muted">Open services for check-in; attendance, with CSV; ushers.</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminCampaigns}>
            <h2>Campaigns</h2>
            <p className="muted">Define campaigns; pledged against given, with CSV.</p>
          </Link>
        </li>
        <li>
          <div className="admin-card" role="group" aria-labelledby={`${id}-finance`}>
            <h2 id={`${id}-finance`}>Finance</h2>
            <p className="muted">Receive cash, match bank statements, appoint officers.</p>
            <div className="admin-card-actions">
              <Link className="button button-small" to={paths.financeCash}>
                Cash desk
              </Link>
              <Link className="button button-small" to={paths.financeBank}>
                Bank matching
              </Link>
              <Link
                className="button button-small button-secondary"
                to={paths.adminFinanceOfficers}
              >
                Finance officers
              </Link>
              <Link className="button button-small button-secondary" to={paths.adminFinanceAudit}>
                Audit trail
              </Link>
            </div>
          </div>
        </li>
      </ul>
    </section>
  );
}
