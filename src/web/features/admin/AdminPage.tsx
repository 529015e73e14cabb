import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
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
        <h1 id={`${id}-title`}>{m.admin_dashboard()}</h1>
        <p className="admin-greeting">{m.admin_welcome({ name: emailName(user?.email ?? '') })}</p>
      </header>

      <ul className="admin-cards" aria-label={m.admin_tools()}>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminApplications}>
            <h2>{m.admin_applications_title()}</h2>
            <p className="muted">{m.admin_applications_card()}</p>
          </Link>
        </li>
        <li>
          <div className="admin-card" role="group" aria-labelledby={`${id}-content`}>
            <h2 id={`${id}-content`}>{m.admin_content_title()}</h2>
            <p className="muted">{m.admin_content_card()}</p>
            <div className="admin-card-actions">
              <Link className="button button-small" to={paths.adminSermons}>
                {m.admin_manage_sermons()}
              </Link>
              <Link className="button button-small" to={paths.adminVideos}>
                {m.admin_manage_videos()}
              </Link>
              <Link className="button button-small" to={paths.adminDevotional}>
                {m.admin_manage_devotional()}
              </Link>
            </div>
          </div>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminUsers}>
            <h2>{m.admin_users_title()}</h2>
            <p className="muted">{m.admin_users_card()}</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminReports}>
            <h2>{m.admin_reports_title()}</h2>
            <p className="muted">{m.admin_reports_card()}</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminEvents}>
            <h2>{m.admin_events_title()}</h2>
            <p className="muted">{m.admin_events_card()}</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={`${paths.prayer}?view=moderation`}>
            <h2>{m.admin_prayer_title()}</h2>
            <p className="muted">{m.admin_prayer_card()}</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminCheckin}>
            <h2>{m.admin_checkin_title()}</h2>
            <p className="muted">{m.admin_checkin_card()}</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminCampaigns}>
            <h2>{m.admin_campaigns_title()}</h2>
            <p className="muted">{m.admin_campaigns_card()}</p>
          </Link>
        </li>
        <li>
          <div className="admin-card" role="group" aria-labelledby={`${id}-finance`}>
            <h2 id={`${id}-finance`}>{m.admin_finance_title()}</h2>
            <p className="muted">{m.admin_finance_card()}</p>
            <div className="admin-card-actions">
              <Link className="button button-small" to={paths.financeCash}>
                {m.admin_cash_desk()}
              </Link>
              <Link className="button button-small" to={paths.financeBank}>
                {m.admin_bank_matching()}
              </Link>
              <Link
                className="button button-small button-secondary"
                to={paths.adminFinanceOfficers}
              >
                {m.admin_finance_officers()}
              </Link>
              <Link className="button button-small button-secondary" to={paths.adminFinanceAudit}>
                {m.admin_audit_trail()}
              </Link>
            </div>
          </div>
        </li>
      </ul>
    </section>
  );
}
