import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FINANCE_ACTIONS, type FinanceAction } from '../../../shared/constants.ts';
import type { AuditEntry } from '../../../shared/schemas/finance.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { fetchAudit, financeKeys } from './finance.api.ts';
import { formatTime } from './format.ts';
import './finance.css';

const actionLabels: Record<FinanceAction, string> = {
  receive: 'Cash received',
  flag: 'Cash flagged',
  match: 'Bank matched',
  unmatch: 'Bank unmatched',
  role_grant: 'Role given',
  role_change: 'Role changed',
  role_revoke: 'Role revoked',
  statement_upload: 'Statement uploaded',
  mapping_save: 'Columns saved',
};

const PAGE = 100;

/** /admin/finance/audit: every finance action, newest first; it is never edited. */
export function AuditPage() {
  const id = useId();
  const [action, setAction] = useState<FinanceAction | ''>('');
  const audit = useInfiniteQuery({
    queryKey: financeKeys.audit(action),
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      fetchAudit(
        new URLSearchParams({
          ...(pageParam ? { before: pageParam } : {}),
          ...(action ? { action } : {}),
        }).toString(),
      ),
    getNextPageParam: (last: AuditEntry[]) => (last.length === PAGE ? last.at(-1)!.at : undefined),
    staleTime: 0,
  });

  let body;
  if (audit.isPending) body = <Spinner label="Loading the audit trail..." />;
  else if (audit.isError)
    body = (
      <LoadFailed
        message="We could not load the audit trail."
        reason={audit.error.message}
        onRetry={() => void audit.refetch()}
      />
    );
  else {
    const entries = audit.data.pages.flat();
    body =
      entries.length === 0 ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <>
          <ol className="finance-list" aria-label="Finance actions, newest first">
            {entries.map((e) => (
              <li key={e.id} className="finance-row finance-audit-row">
                <div>
                  <strong>{actionLabels[e.action]}</strong> · {e.subjectId}
                  {e.assembly ? ` · ${e.assembly}` : ''}
                  <br />
                  <span className="muted">
                    <time dateTime={e.at}>{formatTime(e.at)}</time> by {e.actorEmail}
                  </span>
                  <dl className="finance-audit-change">
                    <div>
                      <dt>Before</dt>
                      <dd>{describe(e.previous)}</dd>
                    </div>
                    <div>
                      <dt>After</dt>
                      <dd>{describe(e.next)}</dd>
                    </div>
                  </dl>
                </div>
              </li>
            ))}
          </ol>
          {audit.hasNextPage && (
            <p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void audit.fetchNextPage()}
                aria-disabled={audit.isFetchingNextPage || undefined}
              >
                {audit.isFetchingNextPage ? 'Loading...' : 'Show older'}
              </button>
            </p>
          )}
        </>
      );
  }

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>Admin Dashboard</BackLink>
      <h1 id={`${id}-title`}>Finance audit trail</h1>
      <div className="field">
        <label htmlFor={`${id}-action`}>Action</label>
        <select
          id={`${id}-action`}
          value={action}
          onChange={(e) => setAction(e.target.value as FinanceAction | '')}
        >
          <option value="">Every action</option>
          {FINANCE_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {actionLabels[a]}
            </option>
          ))}
        </select>
      </div>
      {body}
    </section>
  );
}

/** A state as short text: "status: pending, receivedAmount: 4500". */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}
