import { z } from 'zod';
import { OFFERING_TYPES, RECEIPT_ENTRY_KINDS } from '../constants.ts';
import { AMOUNT_ERRORS, checkAmount } from '../giving.ts';
import { isIsoDate } from '../finance.ts';
import {
  CAMPAIGN_MAX_PESEWAS,
  PLEDGE_MAX_PESEWAS,
  PLEDGE_MESSAGES,
  PLEDGE_RHYTHMS,
} from '../pledges.ts';
import { m } from '../../paraglide/messages.js';
import { assemblyOrAllSchema, requiredText } from './fields.ts';

export * from '../pledges.ts';

// Pledges and campaigns (issue 33, decision 035). The same schemas check the forms in the
// browser and the requests on the server; amounts are pesewas once parsed.

const isoDate = (message: () => string) =>
  z.string({ error: message }).refine(isIsoDate, { error: message });

/** A typed GHS amount up to `max`, as pesewas; too large says what a pledge may be. */
const pledgeAmount = (max: number, tooLarge: () => string) =>
  z
    .union([z.string(), z.number()], { error: () => m.shared_giving_amount_required() })
    .transform((value, ctx) => {
      const pesewas = checkAmount(String(value), max);
      if (typeof pesewas === 'number') return pesewas;
      ctx.addIssue({
        code: 'custom',
        message: pesewas === AMOUNT_ERRORS.tooLarge(max) ? tooLarge() : pesewas,
      });
      return z.NEVER;
    });

/** A member's pledge: a type, or a campaign (whose type it takes), an amount, a date, a rhythm. */
export const pledgeCreateSchema = z
  .object({
    type: z.enum(OFFERING_TYPES, { error: () => m.shared_pledges_type() }).optional(),
    campaignId: z.uuid({ error: () => m.shared_pledges_campaign() }).optional(),
    amount: pledgeAmount(PLEDGE_MAX_PESEWAS, () => PLEDGE_MESSAGES.amountTooLarge),
    dueOn: isoDate(() => m.shared_pledges_due_on()),
    rhythm: z.enum(PLEDGE_RHYTHMS, { error: () => m.shared_pledges_rhythm() }).default('monthly'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.type === !value.campaignId) {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: m.shared_pledges_type_or_campaign(),
      });
    }
  });
export type PledgeCreateInput = z.input<typeof pledgeCreateSchema>;
export type PledgeCreate = z.output<typeof pledgeCreateSchema>;

/** One of the member's own confirmed gifts, to count toward a pledge. */
export const pledgeGiftLinkSchema = z
  .object({
    kind: z.enum(RECEIPT_ENTRY_KINDS, { error: () => m.shared_pledges_gift() }),
    id: z.uuid({ error: () => m.shared_pledges_gift() }),
  })
  .strict();

/** An admin's campaign: everything required; an empty assembly is "all assemblies". */
export const campaignCreateSchema = z
  .object({
    name: requiredText(
      () => m.shared_pledges_campaign_name(),
      80,
      () => m.shared_pledges_campaign_name_too_long(),
    ),
    type: z.enum(OFFERING_TYPES, { error: () => m.shared_pledges_type() }),
    assembly: assemblyOrAllSchema,
    target: pledgeAmount(CAMPAIGN_MAX_PESEWAS, () => PLEDGE_MESSAGES.targetTooLarge),
    startsOn: isoDate(() => m.shared_pledges_starts_on()),
    endsOn: isoDate(() => m.shared_pledges_ends_on()),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (isIsoDate(value.startsOn) && isIsoDate(value.endsOn) && value.endsOn < value.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: m.shared_pledges_ends_before() });
    }
  });
export type CampaignCreateInput = z.input<typeof campaignCreateSchema>;
export type CampaignCreate = z.output<typeof campaignCreateSchema>;
