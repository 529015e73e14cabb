import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ReceiptEntryKind } from '../../../shared/constants.ts';
import type { FinanceScope } from '../../../shared/schemas/finance.ts';
import { formatCedis, plainCedis } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import {
  percentOf,
  PLEDGE_MESSAGES,
  type CampaignCreate,
  type CampaignOption,
  type CampaignReport,
  type CampaignReportRow,
  type CampaignReports,
  type LinkableGift,
  type Pledge,
  type PledgeCreate,
  type PledgeGift,
  type PledgeRhythm,
  type PledgesView,
} from '../../../shared/schemas/pledges.ts';
import type { OfferingType } from '../../../shared/constants.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import {
  assemblies,
  campaigns,
  pledgeGifts,
  pledgeReminders,
  pledges,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { toCsv } from '../../platform/csv.ts';
import { notify } from '../../core/notify.ts';

// Pledges and campaigns (issue 33, decision 035). A gift counts toward at most one pledge:
// the one the member linked it to (pledge_gifts), or else, by its type, the member's pledge
// of that type it falls within (made after the pledge, by its date, and for a campaign
// pledge within the campaign's assembly and dates), the one due soonest when several do.
// The automatic part is worked out when read, never stored: nothing to keep in step when a
// gift is confirmed, deleted or linked elsewhere.

type Ctx = Pick<AppContext, 'db'>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Ghana's today (UTC) as YYYY-MM-DD. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The end of a day (YYYY-MM-DD column or value) as a timestamptz: the next day's 00:00 UTC. */
const endOfDay = (day: SQL) => sql`((${day})::date + 1)::timestamp at time zone 'UTC'`;
const startOfDay = (day: SQL) => sql`(${day})::date::timestamp at time zone 'UTC'`;

/**
 * Every confirmed gift of members (those of `userId` alone when given): card and mobile
 * money paid, cash received by the desk, bank transfers found on the statement (as the
 * history's year-to-date counts them). Deleted entries count for nothing.
 */
function confirmedGiftsSql(userId: string | null): SQL {
  const who = (table: string) =>
    userId === null
      ? sql.raw(`${table}.user_id is not null`)
      : sql`${sql.raw(table)}.user_id = ${userId}`;
  return sql`
    select 'transaction'::text as kind, id, user_id, type, assembly, amount, created_at
      from transactions where status = 'success' and ${who('transactions')}
    union all
    select 'cash'::text, id, user_id, type, assembly, amount, created_at
      from cash_offerings where status = 'received' and not deleted and ${who('cash_offerings')}
    union all
    select 'bank'::text, id, user_id, type, assembly, amount, created_at
      from bank_transfers where status = 'matched' and not deleted and ${who('bank_transfers')}`;
}

/**
 * Each counted gift with the pledge it counts toward (pledge_id, how), for the pledges that
 * `pledgeFilter` keeps (a condition on `p`). Linked by the member first; then by type.
 */
function countedGiftsSql(userId: string | null, pledgeFilter: SQL): SQL {
  return sql`
    with g as (${confirmedGiftsSql(userId)}),
    linked as (
      select l.pledge_id, 'member'::text as how, g.*
      from pledge_gifts l join g on g.kind = l.gift_kind and g.id = l.gift_id
    ),
    by_type as (
      select distinct on (g.kind, g.id) p.id as pledge_id, 'auto'::text as how, g.*
      from g
      join pledges p on p.user_id = g.user_id and p.type = g.type
        and g.created_at >= p.created_at and g.created_at < ${endOfDay(sql`p.due_on`)}
      left join campaigns c on c.id = p.campaign_id
      where not exists (
          select 1 from pledge_gifts l where l.gift_kind = g.kind and l.gift_id = g.id)
        and (c.id is null or (
          (c.assembly is null or c.assembly = g.assembly)
          and g.created_at >= ${startOfDay(sql`c.starts_on`)}
          and g.created_at < ${endOfDay(sql`c.ends_on`)}))
      order by g.kind, g.id, p.due_on, p.created_at, p.id
    )
    select x.* from (select * from linked union all select * from by_type) x
    join pledges p on p.id = x.pledge_id
    where ${pledgeFilter}`;
}

interface CountedRow {
  pledge_id: string;
  how: 'auto' | 'member';
  kind: ReceiptEntryKind;
  id: string;
  type: string;
  assembly: string;
  amount: number;
  created_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const day = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : dayOf(value);

/** The member's pledges, newest first, each with the gifts counted toward it. */
async function memberPledges(ctx: Ctx, userId: string): Promise<Pledge[]> {
  const rows = await ctx.db
    .select({
      id: pledges.id,
      type: pledges.type,
      campaignId: pledges.campaignId,
      campaignName: campaigns.name,
      amount: pledges.amount,
      dueOn: pledges.dueOn,
      rhythm: pledges.rhythm,
      createdAt: pledges.createdAt,
    })
    .from(pledges)
    .leftJoin(campaigns, eq(campaigns.id, pledges.campaignId))
    .where(eq(pledges.userId, userId))
    .orderBy(sql`${pledges.createdAt} desc`, pledges.id);
  const counted = rowsOf<CountedRow>(
    await ctx.db.execute(
      sql`${countedGiftsSql(userId, sql`p.user_id = ${userId}`)} order by x.created_at`,
    ),
  );
  const giftsOf = new Map<string, PledgeGift[]>();
  for (const g of counted) {
    const list = giftsOf.get(g.pledge_id) ?? [];
    list.push({
      kind: g.kind,
      id: g.id,
      type: g.type,
      amount: Number(g.amount),
      createdAt: iso(g.created_at),
      how: g.how,
    });
    giftsOf.set(g.pledge_id, list);
  }
  return rows.map((r) => {
    const gifts = giftsOf.get(r.id) ?? [];
    const given = gifts.reduce((sum, g) => sum + g.amount, 0);
    return {
      id: r.id,
      type: r.type as OfferingType,
      campaign: r.campaignId ? { id: r.campaignId, name: r.campaignName ?? '' } : null,
      amount: r.amount,
      given,
      percent: percentOf(given, r.amount),
      dueOn: r.dueOn,
      rhythm: r.rhythm as PledgeRhythm,
      createdAt: r.createdAt.toISOString(),
      gifts,
    };
  });
}

const campaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  type: campaigns.type,
  assembly: campaigns.assembly,
  target: campaigns.target,
  startsOn: campaigns.startsOn,
  endsOn: campaigns.endsOn,
};
const toOption = (c: { type: string } & Omit<CampaignOption, 'type'>): CampaignOption => ({
  ...c,
  type: c.type as OfferingType,
});

/** The campaigns a member may pledge to today: not ended, for their assembly or all. */
async function openCampaigns(ctx: Ctx, assembly: string | null, now: Date) {
  const rows = await ctx.db
    .select(campaignColumns)
    .from(campaigns)
    .where(
      sql`${campaigns.endsOn} >= ${dayOf(now)}::date and (${campaigns.assembly} is null or ${campaigns.assembly} = ${assembly})`,
    )
    .orderBy(campaigns.endsOn, campaigns.name);
  return rows.map(toOption);
}

/** The member's last 50 confirmed gifts, and the pledge each counts toward. */
async function linkableGifts(ctx: Ctx, userId: string, list: Pledge[]): Promise<LinkableGift[]> {
  const countedBy = new Map<string, string>();
  for (const p of list) for (const g of p.gifts) countedBy.set(`${g.kind}:${g.id}`, p.id);
  const rows = rowsOf<CountedRow>(
    await ctx.db.execute(
      sql`select * from (${confirmedGiftsSql(userId)}) g order by created_at desc limit 50`,
    ),
  );
  return rows.map((g) => ({
    kind: g.kind,
    id: g.id,
    type: g.type,
    amount: Number(g.amount),
    createdAt: iso(g.created_at),
    pledgeId: countedBy.get(`${g.kind}:${g.id}`) ?? null,
  }));
}

async function memberAssembly(ctx: Ctx, userId: string) {
  const [row] = await ctx.db
    .select({ assembly: users.assemblyName })
    .from(users)
    .where(eq(users.id, userId));
  return row?.assembly ?? null;
}

/** GET /api/pledges: the member's pledges with progress, the campaigns open to them, their gifts. */
export async function listPledges(
  ctx: Ctx,
  userId: string,
  now = new Date(),
): Promise<PledgesView> {
  const list = await memberPledges(ctx, userId);
  return {
    pledges: list,
    campaigns: await openCampaigns(ctx, await memberAssembly(ctx, userId), now),
    gifts: await linkableGifts(ctx, userId, list),
  };
}

/** A pledge of the member's own: a type, or an open campaign (its type, its assembly). */
export async function createPledge(
  ctx: Ctx,
  userId: string,
  input: PledgeCreate,
  now = new Date(),
): Promise<Pledge> {
  const today = dayOf(now);
  if (input.dueOn < today) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_pledges_fields(), {
      dueOn: PLEDGE_MESSAGES.dueOnPast,
    });
  }
  const assembly = await memberAssembly(ctx, userId);
  let type = input.type;
  let pledgeAssembly = assembly;
  if (input.campaignId) {
    const open = await openCampaigns(ctx, assembly, now);
    const campaign = open.find((c) => c.id === input.campaignId);
    if (!campaign) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_pledges_fields(), {
        campaignId: PLEDGE_MESSAGES.campaignClosed,
      });
    }
    if (input.dueOn > campaign.endsOn) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_pledges_fields(), {
        dueOn: PLEDGE_MESSAGES.dueOnAfterCampaign,
      });
    }
    type = campaign.type;
    pledgeAssembly = campaign.assembly ?? assembly;
  }
  const [row] = await ctx.db
    .insert(pledges)
    .values({
      userId,
      type: type!,
      campaignId: input.campaignId ?? null,
      assembly: pledgeAssembly,
      amount: input.amount,
      dueOn: input.dueOn,
      rhythm: input.rhythm,
    })
    .returning({ id: pledges.id });
  const made = (await memberPledges(ctx, userId)).find((p) => p.id === row!.id);
  return made!;
}

/** Removes the member's own pledge (its links and reminders go with it); else 404. */
export async function deletePledge(ctx: Ctx, userId: string, pledgeId: string) {
  const gone = await ctx.db
    .delete(pledges)
    .where(and(eq(pledges.id, pledgeId), eq(pledges.userId, userId)))
    .returning({ id: pledges.id });
  if (gone.length === 0) throw new AppError(404, 'NOT_FOUND', m.server_pledges_no_pledge());
}

const GIFT_TABLES: Record<ReceiptEntryKind, { table: string; confirmed: string }> = {
  transaction: { table: 'transactions', confirmed: "status = 'success'" },
  cash: { table: 'cash_offerings', confirmed: "status = 'received' and not deleted" },
  bank: { table: 'bank_transfers', confirmed: "status = 'matched' and not deleted" },
};

/**
 * Counts one of the member's own confirmed gifts toward one of their own pledges, moving it
 * from any pledge it counted toward before (a gift counts once). Anyone else's: 404.
 */
export async function linkGift(
  ctx: Ctx,
  userId: string,
  pledgeId: string,
  gift: { kind: ReceiptEntryKind; id: string },
) {
  const [pledge] = await ctx.db
    .select({ id: pledges.id })
    .from(pledges)
    .where(and(eq(pledges.id, pledgeId), eq(pledges.userId, userId)));
  if (!pledge) throw new AppError(404, 'NOT_FOUND', m.server_pledges_no_pledge());
  const { table, confirmed } = GIFT_TABLES[gift.kind];
  const own = rowsOf<{ id: string }>(
    await ctx.db.execute(
      sql`select id from ${sql.raw(table)} where id = ${gift.id} and user_id = ${userId} and ${sql.raw(confirmed)}`,
    ),
  );
  if (own.length === 0) throw new AppError(404, 'NOT_FOUND', PLEDGE_MESSAGES.gift);
  await ctx.db
    .insert(pledgeGifts)
    .values({ giftKind: gift.kind, giftId: gift.id, pledgeId })
    .onConflictDoUpdate({
      target: [pledgeGifts.giftKind, pledgeGifts.giftId],
      set: { pledgeId, createdAt: new Date() },
    });
  return (await memberPledges(ctx, userId)).find((p) => p.id === pledgeId)!;
}

// ---------------------------------------------------------------- campaigns (admins)

export async function createCampaign(ctx: Ctx, adminId: string, input: CampaignCreate) {
  if (input.assembly) {
    const [known] = await ctx.db
      .select({ slug: assemblies.slug })
      .from(assemblies)
      .where(eq(assemblies.slug, input.assembly));
    if (!known) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_pledges_fields(), {
        assembly: m.server_pledges_select_assembly(),
      });
    }
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

// ---------------------------------------------------------------- reminders

/** The period a reminder belongs to: an ISO week ('2026-W48') or a month ('2026-11'). */
export function reminderPeriod(rhythm: PledgeRhythm, at: Date): string | null {
  if (rhythm === 'monthly') return at.toISOString().slice(0, 7);
  if (rhythm === 'weekly') {
    // ISO 8601: the week with the year's first Thursday is week 1.
    const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
    const weekday = d.getUTCDay() || 7;
    d.setUTCDate(d.getUTCDate() + 4 - weekday);
    const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
    const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
    return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
  }
  return null;
}

interface DuePledge {
  id: string;
  user_id: string;
  type: string;
  campaign_name: string | null;
  amount: number;
  due_on: string | Date;
  rhythm: PledgeRhythm;
  created_at: string | Date;
  given: string | number;
}

function reminderText(ctx: Pick<AppContext, 'church' | 'config'>, p: DuePledge, dueOn: string) {
  const what = p.campaign_name ?? OFFERING_TYPE_LABELS[p.type as OfferingType] ?? p.type;
  const given = Number(p.given);
  return {
    what,
    line: m.mail_pledges_reminder_line({
      given: formatCedis(given),
      amount: formatCedis(p.amount),
      what,
      percent: percentOf(given, p.amount),
      dueOn,
    }),
    link: `${ctx.config.publicUrl}/giving/pledges`,
  };
}

/**
 * Sends the pledge reminders that are due at `now`: for each pledge with a rhythm, not yet
 * given in full, before (or on) its date, one per period — not in the period it was made.
 * Idempotent and safe to run concurrently, and a crash at any point loses nothing: the notice
 * is written first (notify() is idempotent by its key, sends each channel once and retries a
 * failed send, core/notify.ts), then the reminder's row (pledge, period) that makes
 * later runs skip it. A run killed between the two writes the row next time, sending nothing
 * again. The job schedule calls this; it sets no timer of its own.
 */
export async function sendDuePledgeReminders(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'sms' | 'church' | 'config' | 'log' | 'secrets' | 'now'>,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const today = dayOf(now);
  const due = rowsOf<DuePledge>(
    await ctx.db.execute(sql`
      with counted as (${countedGiftsSql(null, sql`p.rhythm <> 'none' and p.due_on >= ${today}::date`)})
      select p.id, p.user_id, p.type, c.name as campaign_name, p.amount, p.due_on, p.rhythm,
        p.created_at, coalesce(sum(x.amount), 0)::bigint as given
      from pledges p
      left join campaigns c on c.id = p.campaign_id
      left join counted x on x.pledge_id = p.id
      where p.rhythm <> 'none' and p.due_on >= ${today}::date
      group by p.id, c.name
      having coalesce(sum(x.amount), 0) < p.amount`),
  );
  let sent = 0;
  let failed = 0;
  for (const p of due) {
    const period = reminderPeriod(p.rhythm, now);
    if (!period || period === reminderPeriod(p.rhythm, new Date(p.created_at))) continue;
    const [done] = await ctx.db
      .select({ pledgeId: pledgeReminders.pledgeId })
      .from(pledgeReminders)
      .where(and(eq(pledgeReminders.pledgeId, p.id), eq(pledgeReminders.period, period)));
    if (done) continue;
    try {
      await notify(ctx, {
        userId: p.user_id,
        kind: 'pledge.reminder',
        key: `${p.id}:${period}`,
        url: '/giving/pledges',
        texts: () => {
          const text = reminderText(ctx, p, day(p.due_on));
          const subject = m.mail_pledges_reminder_subject({ what: text.what });
          return {
            title: subject,
            body: text.line,
            email: {
              subject,
              text: m.mail_pledges_reminder_text({
                church: ctx.church.registeredName,
                line: text.line,
                link: text.link,
              }),
            },
            sms: `${ctx.church.registeredName}: ${text.line} ${text.link}`,
          };
        },
      });
    } catch (error) {
      // Not written: no row either, so a later run tries again.
      failed += 1;
      ctx.log.warn({ err: error, pledgeId: p.id }, 'a pledge reminder was not written');
      continue;
    }
    const written = await ctx.db
      .insert(pledgeReminders)
      .values({ pledgeId: p.id, period })
      .onConflictDoNothing()
      .returning({ pledgeId: pledgeReminders.pledgeId });
    sent += written.length;
  }
  return { sent, failed };
}
