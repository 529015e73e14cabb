import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { QueryState } from '../../components/QueryState.tsx';
import { paths } from '../../paths.ts';
import { useFinanceAccess } from './finance.access.ts';
import './finance.css';

/** /finance: the desk's tools, and which assemblies this officer holds. */
export function FinancePage() {
  const id = useId();
  const access = useFinanceAccess();

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.finance_desk()}</h1>
      <QueryState
        query={access}
        loading={m.finance_loading_assemblies()}
        failed={m.finance_access_failed()}
      >
        {(data) => (
          <p className="muted finance-scope">
            {data.scope.all
              ? m.finance_scope_all()
              : m.finance_scope_some({
                  assemblies: data.assemblies.map((a) => a.label).join(', '),
                })}
          </p>
        )}
      </QueryState>
      <ul className="finance-cards" aria-label={m.finance_tools()}>
        <li>
          <Link className="admin-card admin-card-link" to={paths.financeCash}>
            <h2>{m.finance_cash_desk()}</h2>
            <p className="muted">{m.finance_cash_desk_hint()}</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.financeBank}>
            <h2>{m.finance_bank_matching()}</h2>
            <p className="muted">{m.finance_bank_matching_hint()}</p>
          </Link>
        </li>
        <li>
          <Link className="admin-card admin-card-link" to={paths.adminReports}>
            <h2>{m.finance_reports()}</h2>
            <p className="muted">{m.finance_reports_hint()}</p>
          </Link>
        </li>
        {access.data?.isAdmin && (
          <>
            <li>
              <Link className="admin-card admin-card-link" to={paths.adminFinanceOfficers}>
                <h2>{m.finance_officers()}</h2>
                <p className="muted">{m.finance_officers_hint()}</p>
              </Link>
            </li>
            <li>
              <Link className="admin-card admin-card-link" to={paths.adminFinanceAudit}>
                <h2>{m.finance_audit()}</h2>
                <p className="muted">{m.finance_audit_hint()}</p>
              </Link>
            </li>
          </>
        )}
      </ul>
    </section>
  );
}
