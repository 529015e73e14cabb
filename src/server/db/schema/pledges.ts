import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { RECEIPT_ENTRY_KINDS } from '../../../shared/constants.ts';
import { PLEDGE_RHYTHMS } from '../../../shared/pledges.ts';
import { createdAt, inList, offeringTypeCheck, parentId, uuidKey } from './columns.ts';
import { assemblyRef, member, optionalMember } from './references.ts';

// Pledges and campaigns (issue 33, decision 035). Dates are Ghana's days (UTC).

/** A giving campaign an admin defines: its type, one assembly or all (null), target, dates. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    assembly: assemblyRef(),
    target: integer('target').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    createdBy: optionalMember('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    offeringTypeCheck('campaigns_type', 'type'),
    check('campaigns_target_positive', sql`${t.target} > 0`),
    check('campaigns_dates', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** A member's pledge: an amount of a type (or toward a campaign, of its type) by a date. */
export const pledges = pgTable(
  'pledges',
  {
    id: uuidKey(),
    userId: member(),
    type: text('type').notNull(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Where it is reported: the campaign's assembly, else the member's when they pledged. */
    assembly: assemblyRef(),
    amount: integer('amount').notNull(),
    dueOn: date('due_on').notNull(),
    rhythm: text('rhythm').notNull().default('monthly'),
    createdAt: createdAt(),
  },
  (t) => [
    offeringTypeCheck('pledges_type', 'type'),
    check('pledges_amount_positive', sql`${t.amount} > 0`),
    check('pledges_rhythm', inList('rhythm', PLEDGE_RHYTHMS)),
    index('pledges_user_idx').on(t.userId, t.createdAt),
    index('pledges_campaign_idx')
      .on(t.campaignId)
      .where(sql`${t.campaignId} is not null`),
  ],
);

/**
 * A gift the member counted toward one of their pledges by hand. The key is the gift: a gift
 * counts toward at most one pledge. Gifts counted by their type have no row (decision 035).
 */
export const pledgeGifts = pgTable(
  'pledge_gifts',
  {
    giftKind: text('gift_kind').notNull(),
    giftId: uuid('gift_id').notNull(),
    pledgeId: parentId('pledge_id', () => pledges.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.giftKind, t.giftId] }),
    check('pledge_gifts_kind', inList('gift_kind', RECEIPT_ENTRY_KINDS)),
    index('pledge_gifts_pledge_idx').on(t.pledgeId),
  ],
);

/**
 * Each reminder of a pledge, one per period ('2026-W48', '2026-11'): written before it is
 * sent, so two runs never send the same one; deleted again when sending failed.
 */
export const pledgeReminders = pgTable(
  'pledge_reminders',
  {
    pledgeId: parentId('pledge_id', () => pledges.id),
    period: text('period').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pledgeId, t.period] })],
);
