import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import { checkRange } from '../../../shared/finance.ts';
import type { FinanceReport, ReportGroup } from '../../../shared/schemas/finance.ts';
import { GIFT_CHANNEL_LABELS, PAYMENT_METHOD_LABELS } from '../../../shared/giving.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useFinanceAccess } from './finance.access.ts';
import { reportsApiPaths, useReport } from './reports.api.ts';
import { formatCedis, formatGhs, formatMonth } from '../../../shared/format.ts';
import { todayIso, typeLabel } from './format.ts';
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
    new URLSearchParams({ from: form.from, to: form.to }).toString(),
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

  const dateField = (name: 'from' | 'to', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="date"
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section className="page finance-page" aria-labelledby={`${id}-title`}>
      <BackLink to={user?.isAdmin ? paths.admin : paths.financeDesk}>
        {user?.isAdmin ? m.finance_report_admin() : m.finance_report_desk()}
      </BackLink>
      <h1 id={`${id}-title`}>{m.finance_reports_title()}</h1>
      <form
        className="form card finance-report-form"
        aria-label={m.finance_report_range()}
        onSubmit={submit}
        noValidate
      >
        <div className="field-pair">
          {dateField('from', m.finance_report_from())}
          {dateField('to', m.finance_report_to())}
        </div>
        <div className="field">
          <label htmlFor={`${id}-assembly`}>{m.finance_report_assembly()}</label>
          <select
            id={`${id}-assembly`}
            value={form.assembly}
            onChange={(e) => setForm({ ...form, assembly: e.target.value })}
          >
            <option value="">
              {access.data?.scope.all
                ? m.finance_report_all_assemblies()
                : m.finance_all_my_assemblies()}
            </option>
            {access.data?.assemblies.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-block">
          {m.finance_show_report()}
        </button>
      </form>
      <div aria-live="polite">
        <QueryState
          query={report}
          loading={m.finance_report_loading()}
          failed={m.finance_report_failed()}
        >
          {(data) => <ReportBody report={data} query={query!} />}
        </QueryState>
      </div>
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
  const columns = tableColumns();
  // The two buckets: a card each above, a cell each in the table's last row.
  const buckets = [
    ['confirmed', columns[5], totals.confirmedAmount, totals.confirmedCount],
    ['pending', columns[6], totals.pendingAmount, totals.pendingCount],
  ] as const;

  return (
    <>
      <div className="finance-totals" role="group" aria-label={m.finance_totals()}>
        {buckets.map(([bucket, label, amount, count]) => (
          <div key={bucket} className="card finance-total" data-bucket={bucket}>
            <span className="finance-total-label">{label}</span>
            <span className="finance-total-amount">{formatGhs(amount)}</span>
            <span className="muted">{m.finance_gifts({ count })}</span>
          </div>
        ))}
      </div>
      <p className="field-hint muted">{m.finance_buckets_hint()}</p>

      <div className="finance-downloads">
        <a
          className="button button-secondary button-small"
          href={reportsApiPaths.reportTableCsv(query)}
          download
        >
          {m.finance_download_table()}
        </a>
        <a
          className="button button-secondary button-small"
          href={reportsApiPaths.reportEntriesCsv(query)}
          download
        >
          {m.finance_download_entries()}
        </a>
      </div>

      {report.groups.length === 0 ? (
        <p className="card">{m.finance_no_gifts()}</p>
      ) : (
        <>
          <figure className="card finance-figure" aria-labelledby={`${id}-chart`}>
            <figcaption id={`${id}-chart`}>{m.finance_chart_caption()}</figcaption>
            <Suspense fallback={<Spinner label={m.finance_chart_loading()} />}>
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
              <caption id={`${id}-table`}>{m.finance_table_caption()}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  {columns.map((c, i) => (
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
                    {[
                      formatMonth(g.month),
                      labels.get(g.assembly) ?? g.assembly,
                      typeLabel(g.type),
                      PAYMENT_METHOD_LABELS[g.method],
                      GIFT_CHANNEL_LABELS[g.channel],
                      cell(g.confirmedAmount, g.confirmedCount),
                      cell(g.pendingAmount, g.pendingCount),
                    ].map((value, i) => (
                      <td
                        key={i}
                        role="cell"
                        data-label={columns[i]}
                        className={i > 4 ? 'num' : undefined}
                      >
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot role="rowgroup">
                <tr role="row">
                  <th role="rowheader" scope="row" colSpan={5}>
                    {m.finance_total()}
                  </th>
                  {buckets.map(([bucket, label, amount, count]) => (
                    <td key={bucket} role="cell" data-label={label} className="num">
                      {cell(amount, count)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </>
  );
}

/** The table's column names, also each cell's label when the rows are cards on a phone. */
const tableColumns = () => [
  m.finance_month(),
  m.finance_report_assembly(),
  m.finance_report_type(),
  m.finance_method(),
  m.finance_channel(),
  m.finance_confirmed(),
  m.finance_pending(),
];

const cell = (amount: number, count: number) =>
  count === 0 ? '—' : `${formatCedis(amount)} (${count})`;

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
