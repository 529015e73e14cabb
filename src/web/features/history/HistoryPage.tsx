import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../components/Toasts.tsx';
import type { CashDeleteReason } from '../../../shared/constants.ts';
import { formatCedis, formatDateTime, formatGhs } from '../../../shared/format.ts';
import {
  historyYear,
  OFFERING_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
} from '../../../shared/giving.ts';
import { giftStatusLabel } from '../../../shared/gift-status.ts';
import type { HistoryEntry, YearToDate } from '../../../shared/schemas/giving.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { PledgeSummary } from '../pledges/index.ts';
import { paths } from '../../paths.ts';
import { deleteCashEntry, historyQueryKey, useHistory, useStatementYears } from './history.api.ts';
import { RecurringSummary } from '../recurring/index.ts';
import './history.css';
import { historyApiPaths } from './history.paths.ts';
import { m } from '../../../paraglide/messages.js';

// The delete form (with its schema and form library) comes with the first tap on Delete.
const loadDeleteCashModal = () => import('./DeleteCashModal.tsx');
const DeleteCashModal = lazy(async () => ({
  default: (await loadDeleteCashModal()).DeleteCashModal,
}));

/** Spec §4/§9: the list reloads 1.5 s after a delete. */
export const RELOAD_AFTER_DELETE_MS = 1500;

const typeLabel = (type: string) =>
  OFFERING_TYPE_LABELS[type as keyof typeof OFFERING_TYPE_LABELS] ?? type;

/**
 * /payment-history (spec §2, §6): the owner's gifts, one year at a time (issue 33: the year is
 * in the address, `?year=2025`, this year without); only cash entries can be deleted.
 */
export function HistoryPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Not a year the server takes: this year, as without one.
  const year = historyYear(params.get('year'));
  const history = useHistory(year);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState<HistoryEntry | null>(null);
  // Stays mounted after the first delete, so the dialog can give focus back when it closes.
  const [deleteUsed, setDeleteUsed] = useState(false);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [reloadAt, setReloadAt] = useState<number | null>(null);
  const [deletes, setDeletes] = useState(0);

  // The deleted entry's Delete button went with it: the dialog gives the focus to the title.
  useEffect(() => {
    if (deletes > 0) titleRef.current?.focus();
  }, [deletes]);

  useEffect(() => {
    if (reloadAt === null) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
      setReloadAt(null);
    }, RELOAD_AFTER_DELETE_MS);
    return () => clearTimeout(timer);
  }, [reloadAt, queryClient]);

  const onDelete = async (entry: HistoryEntry, { reason }: { reason: CashDeleteReason }) => {
    try {
      await deleteCashEntry(entry.id, reason);
      // Spec §7: the history lists entries that are not deleted (the finance desk keeps them).
      setDeleted((current) => new Set(current).add(entry.id));
      toast.success(m.shared_giving_cash_deleted());
      setReloadAt(Date.now());
      setDeleting(null);
      setDeletes((count) => count + 1);
      return;
    } catch {
      toast.error(m.shared_giving_cash_delete_failed());
    }
    setDeleting(null);
  };

  const entries = history.data?.pages.flatMap((page) =>
    page.entries.filter((entry) => !deleted.has(entry.id)),
  );
  const first = history.data?.pages[0];
  const shownYear = year ?? first?.yearToDate?.year ?? new Date().getUTCFullYear();
  // The years with gifts and this year (the server's list), and the one in the address.
  const years = first?.years ? [...new Set([...first.years, shownYear])].sort((a, b) => b - a) : [];

  // Not QueryState: its failure card and its two empty states (that year, or ever) are its own.
  let body;
  if (history.isPending) {
    body = <Spinner label={m.history_loading()} />;
  } else if (history.isError) {
    body = (
      <div className="card" role="alert">
        <p className="form-alert">{m.history_load_failed()}</p>
        <p>
          <button type="button" className="button" onClick={() => void history.refetch()}>
            {m.giving_try_again()}
          </button>
        </p>
      </div>
    );
  } else if (entries?.length === 0 && !history.hasNextPage && years.length > 1) {
    body = (
      <div className="card history-empty">
        <p>{m.history_none_in_year({ year: shownYear })}</p>
      </div>
    );
  } else if (entries?.length === 0 && !history.hasNextPage) {
    body = (
      <div className="card history-empty">
        <p>{m.shared_giving_no_records()}</p>
        <Link className="button" to={paths.offerings}>
          {m.giving_give_now()}
        </Link>
      </div>
    );
  } else {
    const yearToDate = first?.yearToDate;
    body = (
      <>
        {yearToDate && <YearTotal total={yearToDate} />}
        <ul className="history-list" aria-labelledby={`${id}-title`}>
          {entries?.map((entry) => (
            <HistoryItem
              key={`${entry.kind}-${entry.id}`}
              entry={entry}
              onDelete={() => {
                setDeleteUsed(true);
                setDeleting(entry);
              }}
            />
          ))}
        </ul>
        {history.hasNextPage && (
          <p className="history-more">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void history.fetchNextPage()}
              aria-disabled={history.isFetchingNextPage || undefined}
            >
              {history.isFetchingNextPage ? m.common_loading() : m.history_load_more()}
            </button>
          </p>
        )}
        {history.isFetchNextPageError && (
          <p className="form-alert" role="alert">
            {m.history_older_failed()}
          </p>
        )}
      </>
    );
  }

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {m.history_title()}
      </h1>
      {years.length > 1 && (
        <YearFilter
          years={years}
          value={shownYear}
          loading={history.isPlaceholderData}
          onChange={(chosen) => {
            params.set('year', String(chosen));
            setParams(params);
          }}
        />
      )}
      <div aria-busy={history.isPlaceholderData || undefined}>{body}</div>
      <RecurringSummary />
      <PledgeSummary />
      <Statements />
      {deleteUsed && (
        <Suspense fallback={null}>
          <DeleteCashModal
            entry={deleting}
            onCancel={() => setDeleting(null)}
            onDelete={onDelete}
          />
        </Suspense>
      )}
    </section>
  );
}

interface HistoryItemProps {
  entry: HistoryEntry;
  onDelete: () => void;
}

function HistoryItem({ entry, onDelete }: HistoryItemProps) {
  const id = useId();
  return (
    <li className="history-item card" aria-labelledby={`${id}-type`} data-kind={entry.kind}>
      <div className="history-item-top">
        <span id={`${id}-type`} className="history-type">
          {typeLabel(entry.type)}
        </span>
        <span className="history-amount">{formatGhs(entry.amount)}</span>
      </div>
      <dl className="history-facts">
        <div>
          <dt>{m.history_method()}</dt>
          <dd>{PAYMENT_METHOD_LABELS[entry.method]}</dd>
        </div>
        <div>
          <dt>{m.history_status()}</dt>
          <dd>
            <span className="history-status" data-status={entry.status}>
              {giftStatusLabel(entry.status)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{m.history_date()}</dt>
          <dd>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, 'device')}</time>
          </dd>
        </div>
        {entry.code && (
          <div>
            <dt>{entry.kind === 'transaction' ? m.history_reference() : m.history_code()}</dt>
            <dd className="history-code">{entry.code}</dd>
          </div>
        )}
      </dl>
      {entry.status === 'flagged' && entry.receivedAmount !== null && (
        <p className="history-note">
          {m.history_flagged({ amount: formatCedis(entry.receivedAmount) })}
        </p>
      )}
      {entry.receipt && (
        <a
          className="button button-secondary button-small history-receipt"
          href={historyApiPaths.receiptPdf(entry.receipt.id)}
          download
          aria-describedby={`${id}-type`}
        >
          {m.history_receipt({ number: entry.receipt.number })}
        </a>
      )}
      {entry.deletable && (
        <button
          type="button"
          className="button button-secondary button-small history-delete"
          aria-describedby={`${id}-type`}
          onClick={onDelete}
          onPointerDown={() => void loadDeleteCashModal()}
        >
          {m.history_delete()}
        </button>
      )}
    </li>
  );
}

interface YearFilterProps {
  years: number[];
  value: number;
  loading: boolean;
  onChange: (year: number) => void;
}

/** Which year the list and the totals show (issue 33): a native select, newest first. */
function YearFilter({ years, value, loading, onChange }: YearFilterProps) {
  const id = useId();
  return (
    <div className="field history-year">
      <label htmlFor={`${id}-year`}>{m.history_year()}</label>
      <select
        id={`${id}-year`}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <p className="history-year-status muted" role="status">
        {loading ? m.history_year_loading({ year: value }) : ''}
      </p>
    </div>
  );
}

/** The chosen year's giving, at the top of the history (issue 30), and per gift type (issue 33). */
function YearTotal({ total }: { total: YearToDate }) {
  const id = useId();
  return (
    <section className="card history-total" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="history-total-title">
        {m.history_given_in({ year: total.year })}
      </h2>
      <p className="history-total-amount">{formatGhs(total.confirmed)}</p>
      {total.waiting > 0 && (
        <p className="history-total-waiting muted">
          {m.history_waiting_confirmation({ amount: formatCedis(total.waiting) })}
        </p>
      )}
      {total.byType.length > 0 && (
        <dl className="history-by-type">
          {total.byType.map((part) => (
            <div key={part.type}>
              <dt>{typeLabel(part.type)}</dt>
              <dd>
                {formatGhs(part.confirmed)}
                {part.waiting > 0 && (
                  <span className="muted">
                    {' '}
                    {m.history_waiting({ amount: formatCedis(part.waiting) })}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The yearly giving statements: one PDF per year with receipted gifts. */
function Statements() {
  const id = useId();
  const years = useStatementYears();
  if (!years.data || years.data.length === 0) return null;
  return (
    <section className="history-statements card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.history_statements()}</h2>
      <ul className="history-statement-links">
        {years.data.map((year) => (
          <li key={year}>
            <a
              className="button button-secondary button-small"
              href={historyApiPaths.statementPdf(year)}
              download
            >
              {m.history_statement({ year })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
