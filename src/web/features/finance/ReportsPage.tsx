import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { checkRange } from '../../../shared/finance.ts';
import type { FinanceReport, ReportGroup } from '../../../shared/schemas/finance.ts';
import { GIFT_CHANNEL_LABELS, PAYMENT_METHOD_LABELS } from '../../../shared/giving.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { financeApiPaths } from './finance.paths.ts';
import { useSession } from '../accounts/useSession.ts';
import { useFinanceAccess, useReport } from './finance.api.ts';
import { formatMonth, ghs, todayIso, typeLabel } from './format.ts';
import type { ChartSeries } from './ReportChart.tsx';
import './finance.css';

// The chart library comes after the totals and the table, in its own chunk.
const ReportChart = lazy(async () => ({
  default: (await import('./ReportChart.tsx')).ReportChart,
}));

const startOfYear = () => `${new Date().getUTCFullYear()}-01-01`;

/**
 * /admin/reports (the dashboard's Reports card): gifts by assembly × type × method × channel
 * (app or USSD) × month over a range, confirmed and pending apart, as a chart and a table, with CSV downloads.
 * Finance officers see their assemblies only (the server decides).
 */
export function ReportsPage() {
  const id = useId();
  const { user } = useSession();
  const access = useFinanceAccess();
  const [form, setForm] = useState({ from: startOfYear(), to: todayIso(), assembly: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [query, setQuery] = useState<string | null>(() =>
    new URLSearchParams({ from: startOfYear(), to: todayIso() }).toString(),
  );
  const report = useReport(query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = {
      from: form.from,
      to: form.to,
      ...(form.assembly ? { assembly: form.assembly } : {}),
    };
    const check = checkRange(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setQuery(new URLSearchParams(values).toString());
  };

  let body;
  if (report.isPending) body = <Spinner label="Adding up the gifts..." />;
  else if (report.isError)
    body = (
      <LoadFailed
        message="We could not build the report."
        reason={report.error.message}
        onRetry={() => void report.refetch()}
      />
    );
  else body = <ReportBody report={report.data} query={query!} />;

  return (
    <section className="page finance-page" aria-labelledby={`${id}-title`}>
      <BackLink to={user?.isAdmin ? paths.admin : paths.financeDesk}>
        {user?.isAdmin ? 'Admin Dashboard' : 'Finance Desk'}
      </BackLink>
      <h1 id={`${id}-title`}>Giving reports</h1>
      <form
        className="form card finance-report-form"
        aria-label="Report range"
        onSubmit={submit}
        noValidate
      >
        <div className="field-pair">
          <div className="field">
            <label htmlFor={`${id}-from`}>From</label>
            <input
              id={`${id}-from`}
              type="date"
              value={form.from}
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? `${id}-from-error` : undefined}
              onChange={(e) => setForm({ ...form, from: e.target.value })}
            />
            {errors.from && (
              <p id={`${id}-from-error`} className="field-error">
                {errors.from}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>To</label>
            <input
              id={`${id}-to`}
              type="date"
              value={form.to}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? `${id}-to-error` : undefined}
              onChange={(e) => setForm({ ...form, to: e.target.value })}
            />
            {errors.to && (
              <p id={`${id}-to-error`} className="field-error">
                {errors.to}
              </p>
            )}
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-assembly`}>Assembly</label>
          <select
            id={`${id}-assembly`}
            value={form.assembly}
            onChange={(e) => setForm({ ...form, assembly: e.target.value })}
          >
            <option value="">
              {access.data?.scope.all ? 'All assemblies' : 'All my assemblies'}
            </option>
            {access.data?.assemblies.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-block">
          Show report
        </button>
      </form>
      <div aria-live="polite">{body}</div>
    </section>
  );
}

function ReportBody({ report, query }: { report: FinanceReport; query: string }) {
  const id = useId();
  const labels = useMemo(
    () => new Map(report.assemblies.map((a) => [a.slug, a.label])),
    [report.assemblies],
  );
  const chart = useMemo(() => chartData(report, labels), [report, labels]);
  const { totals } = report;

  return (
    <>
      <div className="finance-totals" role="group" aria-label="Totals">
        <div className="card finance-total" data-bucket="confirmed">
          <span className="finance-total-label">Confirmed</span>
          <span className="finance-total-amount">{ghs(totals.confirmedAmount)}</span>
          <span className="muted">
            {totals.confirmedCount} gift{totals.confirmedCount === 1 ? '' : 's'}
          </span>
        </div>
        <div className="card finance-total" data-bucket="pending">
          <span className="finance-total-label">Pending</span>
          <span className="finance-total-amount">{ghs(totals.pendingAmount)}</span>
          <span className="muted">
            {totals.pendingCount} gift{totals.pendingCount === 1 ? '' : 's'}
          </span>
        </div>
      </div>
      <p className="field-hint muted">
        Confirmed: paid, received at the desk, or found on the bank statement. Pending: not yet (a
        cash count that differs stays pending until it is followed up).
      </p>

      <div className="finance-downloads">
        <a
          className="button button-secondary button-small"
          href={financeApiPaths.reportTableCsv(query)}
          download
        >
          Download table (CSV)
        </a>
        <a
          className="button button-secondary button-small"
          href={financeApiPaths.reportEntriesCsv(query)}
          download
        >
          Download all gifts (CSV)
        </a>
      </div>

      {report.groups.length === 0 ? (
        <p className="card">No gifts in this range.</p>
      ) : (
        <>
          <figure className="card finance-figure" aria-labelledby={`${id}-chart`}>
            <figcaption id={`${id}-chart`}>Confirmed giving by month and assembly (GHS)</figcaption>
            <Suspense fallback={<Spinner label="Drawing the chart..." />}>
              <ReportChart months={chart.months} series={chart.series} />
            </Suspense>
          </figure>
          <div
            className="finance-table-wrap"
            role="region"
            aria-labelledby={`${id}-table`}
            tabIndex={0}
          >
            {/* Explicit roles: on a phone the rows are drawn as stacked cards (finance.css),
                which would otherwise drop the table's semantics in some browsers. */}
            <table className="finance-table" role="table">
              <caption id={`${id}-table`}>
                Totals by month, assembly, type, method and channel
              </caption>
              <thead role="rowgroup">
                <tr role="row">
                  {COLUMNS.map((c, i) => (
                    <th
                      key={c}
                      role="columnheader"
                      scope="col"
                      className={i > 4 ? 'num' : undefined}
                    >
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {report.groups.map((g) => (
                  <tr
                    role="row"
                    key={`${g.month}-${g.assembly}-${g.type}-${g.method}-${g.channel}`}
                  >
                    <td role="cell" data-label="Month">
                      {formatMonth(g.month)}
                    </td>
                    <td role="cell" data-label="Assembly">
                      {labels.get(g.assembly) ?? g.assembly}
                    </td>
                    <td role="cell" data-label="Type">
                      {typeLabel(g.type)}
                    </td>
                    <td role="cell" data-label="Method">
                      {PAYMENT_METHOD_LABELS[g.method]}
                    </td>
                    <td role="cell" data-label="Channel">
                      {GIFT_CHANNEL_LABELS[g.channel]}
                    </td>
                    <td role="cell" data-label="Confirmed" className="num">
                      {cell(g.confirmedAmount, g.confirmedCount)}
                    </td>
                    <td role="cell" data-label="Pending" className="num">
                      {cell(g.pendingAmount, g.pendingCount)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot role="rowgroup">
                <tr role="row">
                  <th role="rowheader" scope="row" colSpan={5}>
                    Total
                  </th>
                  <td role="cell" data-label="Confirmed" className="num">
                    {cell(totals.confirmedAmount, totals.confirmedCount)}
                  </td>
                  <td role="cell" data-label="Pending" className="num">
                    {cell(totals.pendingAmount, totals.pendingCount)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </>
  );
}

const COLUMNS = ['Month', 'Assembly', 'Type', 'Method', 'Channel', 'Confirmed', 'Pending'] as const;

const cell = (amount: number, count: number) =>
  count === 0 ? '—' : `${ghs(amount).replace('GHS ', '')} (${count})`;

function chartData(report: FinanceReport, labels: Map<string, string>) {
  const months = [...new Set(report.groups.map((g) => g.month))].sort();
  const byAssembly = new Map<string, number[]>();
  for (const g of report.groups as ReportGroup[]) {
    const values = byAssembly.get(g.assembly) ?? months.map(() => 0);
    values[months.indexOf(g.month)]! += g.confirmedAmount;
    byAssembly.set(g.assembly, values);
  }
  const series: ChartSeries[] = [...byAssembly.entries()]
    .filter(([, values]) => values.some((v) => v > 0))
    .map(([slug, values]) => ({ label: labels.get(slug) ?? slug, values }));
  return { months, series };
}
