import { useId } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useFinanceAccess } from './finance.api.ts';
import './finance.css';

/** /finance: the desk's tools, and which assemblies this officer holds. */
export function FinancePage() {
  const id = useId();
  const access = useFinanceAccess();

  let scope;
  if (access.isPending) scope = <Spinner label="Loading your assemblies..." />;
  else if (access.isError)
    scope = (
      <LoadFailed
        message="We could not load your finance access."
        reason={access.error.message}
        onRetry={() => void access.refetch()}
      />
    );
  else
    scope = (
      <p className="muted finance-scope">
        {access.data.scope.all
          ? 'You act for every assembly.'
          : `You act for ${access.data.assemblies.map((a) => a.label).join(', ')}.`}
      </p>
    );

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Finance Desk</h1>
      {scope}
      <ul className="finance-cards" aria-label="Finance tools">
        <li>
          <Link className="admin-card admin-card-link" to={paths.financeCash}>
            <h2>Cash desk</h2>
            <p className="muted">Type a member’s 6-digit code and record the cash received.</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.financeBank}>
            <h2>Bank matching</h2>
            <p className="muted">Upload the bank statement; BT- codes are matched for you.</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminReports}>
            <h2>Reports</h2>
            <p className="muted">Totals by assembly, type, method and month, with CSV.</p>
          </Link>
        </li>
        {access.data?.isAdmin && (
          <>
            <li>
              <Link className="admin-card admin-card-link" to={paths.adminFinanceOfficers}>
                <h2>Finance officers</h2>
                <p className="muted">Who may act, and for which assemblies.</p>
              </Link>
            </li>
            <li>
              <Link className="admin-card admin-card-link" to={paths.adminFinanceAudit}>
                <h2>Audit trail</h2>
                <p className="muted">Every finance action: who, what, when, and what was before.</p>
              </Link>
            </li>
          </>
        )}
      </ul>
    </section>
  );
}
