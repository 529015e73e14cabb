import type { Offering } from '../../../shared/schemas/giving.ts';
import { readDraft, removeDraft, writeDraft } from '../../drafts.ts';

export type MomoOffering = Extract<Offering, { paymentMethod: 'momo' }>;

/**
 * The gift being waited on, kept in this browser (a draft: logging out forgets it), so a
 * reload shows it again instead of an empty form (issue 30).
 */
const WAITING_DRAFT = 'momo-waiting';
export interface WaitingGift {
  offering: MomoOffering;
  phase: 'otp' | 'waiting';
  reference: string;
}
export const readWaitingGift = () => readDraft<WaitingGift>(WAITING_DRAFT);
export const keepWaitingGift = (gift: WaitingGift) => writeDraft(WAITING_DRAFT, gift);
export const forgetWaitingGift = () => removeDraft(WAITING_DRAFT);
