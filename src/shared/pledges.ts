import { m } from '../paraglide/messages.js';
import { OFFERING_TYPES, type OfferingType, type ReceiptEntryKind } from './constants.ts';
import { isIsoDate } from './finance.ts';
import { formatCedis } from './format.ts';
import { AMOUNT_ERRORS, checkAmount } from './giving.ts';

// Pledges and campaigns (issue 33, decision 035): texts, limits and the answers' shapes both
// sides use, without zod (the history page shows pledge progress and must not load it).
// schemas/pledges.ts re-exports all of this.

/** How often a member is reminded before the pledge's date. */
export const PLEDGE_RHYTHMS = ['none', 'weekly', 'monthly'] as const;
export type PledgeRhythm = (typeof PLEDGE_RHYTHMS)[number];

export const PLEDGE_RHYTHM_LABELS: Record<PledgeRhythm, string> = {
  get none() {
    return m.shared_pledges_rhythm_none();
  },
  get weekly() {
    return m.shared_pledges_rhythm_weekly();
  },
  get monthly() {
    return m.shared_pledges_rhythm_monthly();
  },
};

/** GHS 1,000,000: a pledge; GHS 20,000,000: a campaign's target (integer pesewas in int4). */
export const PLEDGE_MAX_PESEWAS = 100_000_000;
export const CAMPAIGN_MAX_PESEWAS = 2_000_000_000;

export const PLEDGE_MESSAGES = {
  get amountTooLarge() {
    return m.shared_pledges_amount_too_large({ amount: formatCedis(PLEDGE_MAX_PESEWAS) });
  },
  get targetTooLarge() {
    return m.shared_pledges_target_too_large({ amount: formatCedis(CAMPAIGN_MAX_PESEWAS) });
  },
};

/** A gift counted toward a pledge: linked by the member, or by its type (and campaign). */
export interface PledgeGift {
  kind: ReceiptEntryKind;
  id: string;
  type: string;
  amount: number;
  createdAt: string;
  how: 'auto' | 'member';
}

export interface Pledge {
  id: string;
  type: OfferingType;
  campaign: { id: string; name: string } | null;
  /** pesewas */
  amount: number;
  /** pesewas counted toward it */
  given: number;
  /** given ÷ amount, whole percent, not capped (a pledge can be passed). */
  percent: number;
  dueOn: string;
  rhythm: PledgeRhythm;
  createdAt: string;
  gifts: PledgeGift[];
}

/** A campaign a member may pledge to: open today, for their assembly or all. */
export interface CampaignOption {
  id: string;
  name: string;
  type: OfferingType;
  assembly: string | null;
  target: number;
  startsOn: string;
  endsOn: string;
}

/** One of the member's confirmed gifts and the pledge it counts toward, if any. */
export interface LinkableGift {
  kind: ReceiptEntryKind;
  id: string;
  type: string;
  amount: number;
  createdAt: string;
  pledgeId: string | null;
}

/** GET /api/pledges */
export interface PledgesView {
  pledges: Pledge[];
  campaigns: CampaignOption[];
  gifts: LinkableGift[];
}

export interface CampaignReportRow {
  /** An assembly slug, or null: pledges by members without one. */
  assembly: string | null;
  pledged: number;
  pledges: number;
  /** Counted toward this campaign's pledges (by the pledge's assembly). */
  givenToPledges: number;
  /** Every confirmed gift of the campaign's type, place and dates (by the gift's assembly). */
  given: number;
}

export interface CampaignReport extends CampaignOption {
  rows: CampaignReportRow[];
  totals: Omit<CampaignReportRow, 'assembly'>;
}

/** GET /api/campaigns/report */
export interface CampaignReports {
  campaigns: CampaignReport[];
  assemblies: { slug: string; label: string }[];
}

/** Whole percent of `amount` that `given` is, rounded down (99.9 % is not done). */
export const percentOf = (given: number, amount: number) =>
  amount > 0 ? Math.floor((given * 100) / amount) : 0;

/** A form's verdict: the values to send, or a message per field. */
export type FormCheck = { ok: true } | { ok: false; errors: Record<string, string> };

const verdict = (errors: Record<string, string>): FormCheck =>
  Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors };

/**
 * What `pledgeCreateSchema` decides, without zod: the pledge screens must not download the
 * schema library (route budgets, decision 011); pledges.test.ts keeps the two in step.
 * `target` is the form's one choice: `type:<type>` or `campaign:<id>`.
 */
export function checkPledgeForm(input: {
  target: string;
  amount: string;
  dueOn: string;
  rhythm: string;
}): FormCheck {
  const errors: Record<string, string> = {};
  const [kind, value = ''] = input.target.split(':');
  if (
    kind === 'type'
      ? !(OFFERING_TYPES as readonly string[]).includes(value)
      : kind !== 'campaign' || !value
  )
    errors.target = m.shared_pledges_type_or_campaign();
  const amount = checkAmount(input.amount, PLEDGE_MAX_PESEWAS);
  if (typeof amount === 'string')
    errors.amount =
      amount === AMOUNT_ERRORS.tooLarge(PLEDGE_MAX_PESEWAS)
        ? PLEDGE_MESSAGES.amountTooLarge
        : amount;
  if (!isIsoDate(input.dueOn)) errors.dueOn = m.shared_pledges_due_on();
  if (!(PLEDGE_RHYTHMS as readonly string[]).includes(input.rhythm))
    errors.rhythm = m.shared_pledges_rhythm();
  return verdict(errors);
}

/** What `campaignCreateSchema` decides, without zod (as above). */
export function checkCampaignForm(input: {
  name: string;
  type: string;
  target: string;
  startsOn: string;
  endsOn: string;
}): FormCheck {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  if (!name) errors.name = m.shared_pledges_campaign_name();
  else if (name.length > 80) errors.name = m.shared_pledges_campaign_name_too_long();
  if (!(OFFERING_TYPES as readonly string[]).includes(input.type))
    errors.type = m.shared_pledges_type();
  const target = checkAmount(input.target, CAMPAIGN_MAX_PESEWAS);
  if (typeof target === 'string')
    errors.target =
      target === AMOUNT_ERRORS.tooLarge(CAMPAIGN_MAX_PESEWAS)
        ? PLEDGE_MESSAGES.targetTooLarge
        : target;
  if (!isIsoDate(input.startsOn)) errors.startsOn = m.shared_pledges_starts_on();
  if (!isIsoDate(input.endsOn)) errors.endsOn = m.shared_pledges_ends_on();
  else if (isIsoDate(input.startsOn) && input.endsOn < input.startsOn)
    errors.endsOn = m.shared_pledges_ends_before();
  return verdict(errors);
}
