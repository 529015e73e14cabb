import { and, eq, sql } from 'drizzle-orm';
import type { ReceiptEntryKind } from '../../../shared/constants.ts';
import {
  percentOf,
  type CampaignOption,
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
import { campaigns, pledgeGifts, pledges, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import {
  confirmedGiftsSql,
  countedGiftsSql,
  dayOf,
  iso,
  rowsOf,
  type CountedRow,
} from './counted-gifts.ts';

// Pledges and campaigns (issue 33, decision 035): a member's pledges. Which gifts count
// toward which pledge: counted-gifts.ts; campaigns and their report: campaigns.ts; the
// reminders: reminders.ts.

export type Ctx = Pick<AppContext, 'db'>;

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

export const campaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  type: campaigns.type,
  assembly: campaigns.assembly,
  target: campaigns.target,
  startsOn: campaigns.startsOn,
  endsOn: campaigns.endsOn,
};
export const toOption = (c: { type: string } & Omit<CampaignOption, 'type'>): CampaignOption => ({
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
      dueOn: m.shared_pledges_due_on_past(),
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
        campaignId: m.shared_pledges_campaign_closed(),
      });
    }
    if (input.dueOn > campaign.endsOn) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_pledges_fields(), {
        dueOn: m.shared_pledges_due_on_after_campaign(),
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
  if (own.length === 0) throw new AppError(404, 'NOT_FOUND', m.shared_pledges_gift());
  await ctx.db
    .insert(pledgeGifts)
    .values({ giftKind: gift.kind, giftId: gift.id, pledgeId })
    .onConflictDoUpdate({
      target: [pledgeGifts.giftKind, pledgeGifts.giftId],
      set: { pledgeId, createdAt: new Date() },
    });
  return (await memberPledges(ctx, userId)).find((p) => p.id === pledgeId)!;
}
