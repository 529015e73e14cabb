import { m } from '../paraglide/messages.js';
import { RECEIPT_CHANNELS, type ReceiptChannel } from './constants.ts';

// Where receipts and codes go (issue 32): the profile's choice, its words apart from
// ./profile.ts so that the profile's phone sections, loaded after it, bring their own.

export { RECEIPT_CHANNELS, type ReceiptChannel } from './constants.ts';
export const RECEIPT_CHANNEL_LABELS: Record<ReceiptChannel, string> = {
  get email() {
    return m.shared_receipt_channels_email();
  },
  get sms() {
    return m.shared_receipt_channels_sms();
  },
  get both() {
    return m.shared_receipt_channels_both();
  },
};
export const RECEIPT_CHANNEL_MESSAGES = {
  saved: {
    get email() {
      return m.shared_receipt_channels_saved_email();
    },
    get sms() {
      return m.shared_receipt_channels_saved_sms();
    },
    get both() {
      return m.shared_receipt_channels_saved_both();
    },
  } satisfies Record<ReceiptChannel, string>,
};

/** Why a member cannot have a channel (null: they can): no email, or no proved phone. */
export function receiptChannelRefusal(
  member: { email: string | null; signInPhone: string | null },
  channel: ReceiptChannel,
): string | null {
  if (channel !== 'sms' && !member.email) return m.shared_receipt_channels_needs_email();
  if (channel !== 'email' && !member.signInPhone) return m.shared_receipt_channels_needs_phone();
  return null;
}

/**
 * The channels a member can receive on (issue 48, decision 054): email with an email, SMS with
 * a proved phone, both with both. The profile offers these; the server takes no other.
 */
export const receiptChannelsFor = (member: {
  email: string | null;
  signInPhone: string | null;
}): ReceiptChannel[] => RECEIPT_CHANNELS.filter((c) => !receiptChannelRefusal(member, c));

/**
 * Where receipts go now: the choice, or what it falls back to when it reaches nobody (the
 * server's `reachOf`), so the profile never shows a choice that is not kept.
 */
export function receiptChannelInForce(
  member: { email: string | null; signInPhone: string | null },
  chosen: ReceiptChannel,
): ReceiptChannel {
  const offered = receiptChannelsFor(member);
  if (offered.includes(chosen)) return chosen;
  return offered.includes('email') ? 'email' : offered.includes('sms') ? 'sms' : chosen;
}
