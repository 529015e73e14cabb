import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import { FINANCE_ACTIONS, type FinanceAction } from '../../../shared/constants.ts';
import type { AuditEntry } from '../../../shared/schemas/finance.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { paths } from '../../paths.ts';
import { fetchAudit, financeKeys } from './finance.api.ts';
import { formatDateTime } from '../../../shared/format.ts';
import './finance.css';

const actionLabels = (): Record<FinanceAction, string> => ({
  receive: m.finance_action_receive(),
  flag: m.finance_action_flag(),
  match: m.finance_action_match(),
  unmatch: m.finance_action_unmatch(),
  role_grant: m.finance_action_role_grant(),
  role_change: m.finance_action_role_change(),
  role_revoke: m.finance_action_role_revoke(),
  statement_upload: m.finance_action_statement_upload(),
  mapping_save: m.finance_action_mapping_save(),
});

const PAGE = 100;

/** /admin/finance/audit: every finance action, newest first; it is never edited. */
export function AuditPage() {
  const id = useId();
  const [action, setAction] = useState<FinanceAction | ''>('');
  const labels = actionLabels();
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

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>{m.finance_admin_dashboard()}</BackLink>
      <h1 id={`${id}-title`}>{m.finance_audit_title()}</h1>
      <FieldBox id={`${id}-action`} label={m.finance_action()}>
        {(w) => (
          <select
            {...w}
            value={action}
            onChange={(e) => setAction(e.target.value as FinanceAction | '')}
          >
            <option value="">{m.finance_every_action()}</option>
            {FINANCE_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {labels[a]}
              </option>
            ))}
          </select>
        )}
      </FieldBox>
      <QueryState
        query={audit}
        loading={m.finance_audit_loading()}
        failed={m.finance_audit_failed()}
        isEmpty={(data) => data.pages.every((page) => page.length === 0)}
        empty={<p className="muted">{m.finance_audit_empty()}</p>}
      >
        {(data) => (
          <>
            <ol className="finance-list" aria-label={m.finance_audit_list()}>
              {data.pages.flat().map((e) => (
                <li key={e.id} className="finance-row finance-audit-row">
                  <div>
                    <strong>{labels[e.action]}</strong> · {e.subjectId}
                    {e.assembly ? ` · ${e.assembly}` : ''}
                    <br />
                    <span className="muted">
                      <time dateTime={e.at}>{formatDateTime(e.at, 'device')}</time>{' '}
                      {m.finance_audit_by({ email: e.actorEmail })}
                    </span>
                    <dl className="finance-audit-change">
                      <div>
                        <dt>{m.finance_before()}</dt>
                        <dd>{describe(e.previous)}</dd>
                      </div>
                      <div>
                        <dt>{m.finance_after()}</dt>
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
                  {audit.isFetchingNextPage ? m.common_loading() : m.finance_show_older()}
                </button>
              </p>
            )}
          </>
        )}
      </QueryState>
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
