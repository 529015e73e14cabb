import { sql, type SQL } from 'drizzle-orm';
import { toCsv } from '../../platform/csv.ts';
import { plainCedis } from '../../../shared/format.ts';
import {
  GIFT_CHANNEL_LABELS,
  OFFERING_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
} from '../../../shared/schemas/giving.ts';
import type {
  FinanceReport,
  FinanceScope,
  ReportGroup,
  ReportQuery,
  ReportTotals,
} from '../../../shared/schemas/finance.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { assemblies, bankTransfers, cashOfferings, transactions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { describeAccess } from './officers.service.ts';

// Reports (issue 12): gifts by assembly × type × method × channel × month over a date range,
// confirmed and pending apart (the channel: made in the app or by USSD, issue 32). Both the table and the underlying rows come from ONE query of the
// entries (`entriesSql`), so a total is always the sum of its rows.
//
// confirmed: card/mobile money `success`, cash `received`, bank `matched`.
// pending:   card/mobile money `pending`, cash `pending` or `flagged` (counted amount
//            differs: still to follow up), bank `pending`.
// Not counted: failed and abandoned payments, deleted cash and bank entries.
// Months and days are Ghana's, which keeps UTC all year.
//
// Every query here reads `ctx.reportsDb`: the read replica when one is configured (decision
// 047), so a report may be seconds behind the desk. Nothing here writes, and nothing here
// needs to see a write the same request made.

type Ctx = Pick<AppContext, 'reportsDb'>;

function inList(column: SQL, values: string[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The assemblies a query covers: the caller's scope, narrowed to one assembly if asked. */
function reportAssemblies(scope: FinanceScope, query: ReportQuery): string[] | 'all' {
  if (query.assembly) {
    if (!scope.all && !scope.assemblies.includes(query.assembly)) {
      throw new AppError(403, 'FORBIDDEN', m.server_finance_not_your_assembly());
    }
    return [query.assembly];
  }
  return scope.all ? 'all' : scope.assemblies;
}

/**
 * Every counted gift of the range, one row each, with its bucket. `detail` adds what the
 * rows export needs (id, state, code, name); the totals leave it out, which keeps them fast.
 */
function entriesSql(scope: FinanceScope, query: ReportQuery, detail: boolean): SQL {
  const chosen = reportAssemblies(scope, query);
  const start = sql`${query.from}::date`;
  const end = sql`(${query.to}::date + 1)`;
  const where = (created: SQL, assembly: SQL) =>
    sql`${created} >= ${start} and ${created} < ${end}${chosen === 'all' ? sql`` : sql` and ${inList(assembly, chosen)}`}`;
  const t = transactions;
  const c = cashOfferings;
  const b = bankTransfers;
  const more = (kind: string, id: SQL, state: SQL, code: SQL, first: SQL, last: SQL) =>
    detail
      ? sql`, ${kind} as kind, ${id} as id, ${state} as state, ${code} as code, ${first} || ' ' || ${last} as name`
      : sql``;
  return sql`
    select ${t.createdAt} as created_at, ${t.assembly} as assembly, ${t.type} as type,
      ${t.method} as method, ${t.channel} as channel, ${t.amount} as amount,
      case when ${t.status} = 'success' then 'confirmed' else 'pending' end as bucket
      ${more('transaction', sql`${t.id}`, sql`${t.status}`, sql`${t.reference}`, sql`${t.firstName}`, sql`${t.lastName}`)}
    from ${t}
    where ${t.status} in ('success', 'pending') and ${where(sql`${t.createdAt}`, sql`${t.assembly}`)}
    union all
    select ${c.createdAt}, ${c.assembly}, ${c.type}, 'cash', ${c.channel}, ${c.amount},
      case when ${c.status} = 'received' then 'confirmed' else 'pending' end
      ${more('cash', sql`${c.id}`, sql`${c.status}`, sql`${c.code}`, sql`${c.firstName}`, sql`${c.lastName}`)}
    from ${c}
    where not ${c.deleted} and ${where(sql`${c.createdAt}`, sql`${c.assembly}`)}
    union all
    select ${b.createdAt}, ${b.assembly}, ${b.type}, 'bank', ${b.channel}, ${b.amount},
      case when ${b.status} = 'matched' then 'confirmed' else 'pending' end
      ${more('bank', sql`${b.id}`, sql`${b.status}`, sql`${b.code}`, sql`${b.firstName}`, sql`${b.lastName}`)}
    from ${b}
    where not ${b.deleted} and ${where(sql`${b.createdAt}`, sql`${b.assembly}`)}`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface GroupRow {
  month: string;
  assembly: string;
  type: string;
  method: ReportGroup['method'];
  channel: ReportGroup['channel'];
  confirmed_amount: string | number;
  confirmed_count: string | number;
  pending_amount: string | number;
  pending_count: string | number;
}

export async function buildReport(
  ctx: Ctx,
  scope: FinanceScope,
  query: ReportQuery,
): Promise<FinanceReport> {
  // Grouped by date_trunc (cheap) and formatted once per group, not once per gift.
  const result = await ctx.reportsDb.execute(sql`
    select to_char(date_trunc('month', e.created_at at time zone 'UTC'), 'YYYY-MM') as month,
      e.assembly, e.type, e.method, e.channel,
      coalesce(sum(e.amount) filter (where e.bucket = 'confirmed'), 0)::bigint as confirmed_amount,
      count(*) filter (where e.bucket = 'confirmed') as confirmed_count,
      coalesce(sum(e.amount) filter (where e.bucket = 'pending'), 0)::bigint as pending_amount,
      count(*) filter (where e.bucket = 'pending') as pending_count
    from (${entriesSql(scope, query, false)}) e
    group by date_trunc('month', e.created_at at time zone 'UTC'), 2, 3, 4, 5
    order by 1, 2, 3, 4, 5`);
  const groups: ReportGroup[] = rowsOf<GroupRow>(result).map((r) => ({
    month: r.month,
    assembly: r.assembly,
    type: r.type,
    method: r.method,
    channel: r.channel,
    confirmedAmount: Number(r.confirmed_amount),
    confirmedCount: Number(r.confirmed_count),
    pendingAmount: Number(r.pending_amount),
    pendingCount: Number(r.pending_count),
  }));
  const totals = sumGroups(groups);
  const access = await describeAccess({ db: ctx.reportsDb }, scope, false);
  return { from: query.from, to: query.to, assemblies: access.assemblies, groups, totals };
}

export function sumGroups(groups: ReportGroup[]): ReportTotals {
  const totals = { confirmedAmount: 0, confirmedCount: 0, pendingAmount: 0, pendingCount: 0 };
  for (const g of groups) {
    totals.confirmedAmount += g.confirmedAmount;
    totals.confirmedCount += g.confirmedCount;
    totals.pendingAmount += g.pendingAmount;
    totals.pendingCount += g.pendingCount;
  }
  return totals;
}

export interface ReportEntry {
  kind: 'transaction' | 'cash' | 'bank';
  id: string;
  createdAt: string;
  assembly: string;
  type: string;
  method: ReportGroup['method'];
  channel: ReportGroup['channel'];
  amount: number;
  state: string;
  bucket: 'confirmed' | 'pending';
  code: string | null;
  name: string;
}

export const MAX_REPORT_ENTRIES = 250_000;

/** The rows behind the report, oldest first. */
export async function listReportEntries(
  ctx: Ctx,
  scope: FinanceScope,
  query: ReportQuery,
): Promise<ReportEntry[]> {
  const result = await ctx.reportsDb.execute(sql`
    select e.kind, e.id, e.created_at, e.assembly, e.type, e.method, e.channel, e.amount, e.state, e.bucket, e.code, e.name
    from (${entriesSql(scope, query, true)}) e
    order by e.created_at, e.id
    limit ${MAX_REPORT_ENTRIES}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    kind: r.kind as ReportEntry['kind'],
    id: String(r.id),
    createdAt: new Date(r.created_at as string | Date).toISOString(),
    assembly: String(r.assembly),
    type: String(r.type),
    method: r.method as ReportEntry['method'],
    channel: r.channel as ReportEntry['channel'],
    amount: Number(r.amount),
    state: String(r.state),
    bucket: r.bucket as ReportEntry['bucket'],
    code: (r.code as string | null) ?? null,
    name: String(r.name),
  }));
}

const typeLabel = (type: string) =>
  OFFERING_TYPE_LABELS[type as keyof typeof OFFERING_TYPE_LABELS] ?? type;

async function assemblyLabels(ctx: Ctx) {
  const rows = await ctx.reportsDb
    .select({ slug: assemblies.slug, label: assemblies.label })
    .from(assemblies);
  return new Map(rows.map((r) => [r.slug, r.label]));
}

/** The report's table as CSV, ending with its total row. */
export async function reportTableCsv(ctx: Ctx, scope: FinanceScope, query: ReportQuery) {
  const report = await buildReport(ctx, scope, query);
  const labels = await assemblyLabels(ctx);
  const t = report.totals;
  return toCsv(
    [
      'month',
      'assembly',
      'type',
      'method',
      'channel',
      'confirmed_ghs',
      'confirmed_count',
      'pending_ghs',
      'pending_count',
    ],
    [
      ...report.groups.map((g) => [
        g.month,
        labels.get(g.assembly) ?? g.assembly,
        typeLabel(g.type),
        PAYMENT_METHOD_LABELS[g.method],
        GIFT_CHANNEL_LABELS[g.channel],
        plainCedis(g.confirmedAmount),
        g.confirmedCount,
        plainCedis(g.pendingAmount),
        g.pendingCount,
      ]),
      [
        'Total',
        '',
        '',
        '',
        '',
        plainCedis(t.confirmedAmount),
        t.confirmedCount,
        plainCedis(t.pendingAmount),
        t.pendingCount,
      ],
    ],
  );
}

/** Every gift behind the report as CSV. */
export async function reportEntriesCsv(ctx: Ctx, scope: FinanceScope, query: ReportQuery) {
  const entries = await listReportEntries(ctx, scope, query);
  const labels = await assemblyLabels(ctx);
  return toCsv(
    [
      'date',
      'month',
      'assembly',
      'type',
      'method',
      'channel',
      'state',
      'counted_as',
      'amount_ghs',
      'code',
      'name',
    ],
    entries.map((e) => [
      e.createdAt.slice(0, 10),
      e.createdAt.slice(0, 7),
      labels.get(e.assembly) ?? e.assembly,
      typeLabel(e.type),
      PAYMENT_METHOD_LABELS[e.method],
      GIFT_CHANNEL_LABELS[e.channel],
      e.state,
      e.bucket,
      plainCedis(e.amount),
      e.code ?? '',
      e.name,
    ]),
  );
}
