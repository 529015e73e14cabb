import { sql, type SQL } from 'drizzle-orm';
import type { FinanceScope } from '../../../shared/schemas/finance.ts';
import { plainCedis } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import type {
  CampaignCreate,
  CampaignReport,
  CampaignReportRow,
  CampaignReports,
} from '../../../shared/schemas/pledges.ts';
import { m } from '../../../paraglide/messages.js';
import { assemblies, campaigns } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { assemblyExists } from '../../core/church.ts';
import { toCsv } from '../../platform/csv.ts';
import { campaignColumns, toOption, type Ctx } from './pledges.service.ts';
import {
  confirmedGiftsSql,
  countedGiftsSql,
  endOfDay,
  rowsOf,
  startOfDay,
} from './counted-gifts.ts';

// Campaigns: an admin defines them; the finance desk reads pledged against given.

export async function createCampaign(ctx: Ctx, adminId: string, input: CampaignCreate) {
  if (input.assembly && !(await assemblyExists(ctx, input.assembly))) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_pledges_fields(), {
      assembly: m.server_pledges_select_assembly(),
    });
  }
  const [row] = await ctx.db
    .insert(campaigns)
    .values({ ...input, createdBy: adminId })
    .returning(campaignColumns);
  return toOption(row!);
}

interface ReportSqlRow {
  campaign_id: string;
  assembly: string | null;
  pledged: string | number;
  pledges: string | number;
  given_to_pledges: string | number;
  given: string | number;
}

/**
 * Every campaign with pledged against given, per assembly, within the caller's finance scope
 * (an officer sees their assemblies' rows; a campaign of another assembly not at all).
 * Pledged and given to pledges go by the pledge's assembly; given, by the gift's.
 */
export async function campaignReports(ctx: Ctx, scope: FinanceScope): Promise<CampaignReports> {
  const inScope = (column: SQL) =>
    scope.all
      ? sql`true`
      : scope.assemblies.length === 0
        ? sql`false`
        : sql`${column} in (${sql.join(
            scope.assemblies.map((a) => sql`${a}`),
            sql`, `,
          )})`;
  const list = (
    await ctx.db
      .select(campaignColumns)
      .from(campaigns)
      .where(
        scope.all
          ? undefined
          : sql`(${campaigns.assembly} is null or ${inScope(sql`${campaigns.assembly}`)})`,
      )
      .orderBy(sql`${campaigns.startsOn} desc`, campaigns.name)
  ).map(toOption);
  const result = await ctx.db.execute(sql`
    with counted as (${countedGiftsSql(null, sql`p.campaign_id is not null`)}),
    pledged as (
      select p.campaign_id, p.assembly, sum(p.amount)::bigint as pledged, count(*) as pledges
      from pledges p where p.campaign_id is not null group by 1, 2
    ),
    to_pledges as (
      select p.campaign_id, p.assembly, sum(x.amount)::bigint as given_to_pledges
      from counted x join pledges p on p.id = x.pledge_id group by 1, 2
    ),
    given as (
      select c.id as campaign_id, g.assembly, sum(g.amount)::bigint as given
      from campaigns c join (${confirmedGiftsSql(null)}) g
        on g.type = c.type and (c.assembly is null or g.assembly = c.assembly)
        and g.created_at >= ${startOfDay(sql`c.starts_on`)}
        and g.created_at < ${endOfDay(sql`c.ends_on`)}
      group by 1, 2
    ),
    keys as (
      select campaign_id, assembly from pledged
      union select campaign_id, assembly from given
    )
    select k.campaign_id, k.assembly,
      coalesce(pl.pledged, 0) as pledged, coalesce(pl.pledges, 0) as pledges,
      coalesce(tp.given_to_pledges, 0) as given_to_pledges, coalesce(gv.given, 0) as given
    from keys k
    left join pledged pl on pl.campaign_id = k.campaign_id and pl.assembly is not distinct from k.assembly
    left join to_pledges tp on tp.campaign_id = k.campaign_id and tp.assembly is not distinct from k.assembly
    left join given gv on gv.campaign_id = k.campaign_id and gv.assembly is not distinct from k.assembly
    where ${scope.all ? sql`true` : inScope(sql`k.assembly`)}
    order by k.assembly nulls last`);
  const rowsBy = new Map<string, CampaignReportRow[]>();
  for (const r of rowsOf<ReportSqlRow>(result)) {
    const rows = rowsBy.get(r.campaign_id) ?? [];
    rows.push({
      assembly: r.assembly,
      pledged: Number(r.pledged),
      pledges: Number(r.pledges),
      givenToPledges: Number(r.given_to_pledges),
      given: Number(r.given),
    });
    rowsBy.set(r.campaign_id, rows);
  }
  const campaignsOut: CampaignReport[] = list.map((c) => {
    const rows = rowsBy.get(c.id) ?? [];
    const totals = { pledged: 0, pledges: 0, givenToPledges: 0, given: 0 };
    for (const r of rows) {
      totals.pledged += r.pledged;
      totals.pledges += r.pledges;
      totals.givenToPledges += r.givenToPledges;
      totals.given += r.given;
    }
    return { ...c, rows, totals };
  });
  const labels = await ctx.db
    .select({ slug: assemblies.slug, label: assemblies.label })
    .from(assemblies)
    .orderBy(assemblies.label);
  return { campaigns: campaignsOut, assemblies: labels };
}

/** The campaign report as CSV: a row per campaign and assembly, then each campaign's total. */
export async function campaignReportCsv(ctx: Ctx, scope: FinanceScope) {
  const report = await campaignReports(ctx, scope);
  const label = new Map(report.assemblies.map((a) => [a.slug, a.label]));
  const rows: (string | number)[][] = [];
  for (const c of report.campaigns) {
    const facts = [
      c.name,
      OFFERING_TYPE_LABELS[c.type],
      c.startsOn,
      c.endsOn,
      plainCedis(c.target),
    ] as const;
    for (const r of c.rows) {
      rows.push([
        ...facts,
        r.assembly ? (label.get(r.assembly) ?? r.assembly) : m.server_pledges_no_assembly(),
        plainCedis(r.pledged),
        r.pledges,
        plainCedis(r.givenToPledges),
        plainCedis(r.given),
      ]);
    }
    const t = c.totals;
    rows.push([
      ...facts,
      m.server_pledges_total(),
      plainCedis(t.pledged),
      t.pledges,
      plainCedis(t.givenToPledges),
      plainCedis(t.given),
    ]);
  }
  return toCsv(
    [
      'campaign',
      'type',
      'starts_on',
      'ends_on',
      'target_ghs',
      'assembly',
      'pledged_ghs',
      'pledges',
      'given_to_pledges_ghs',
      'given_ghs',
    ],
    rows,
  );
}
