import { m } from '../paraglide/messages.js';
import type { ReceiptChannel } from './constants.ts';

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
  get invalid() {
    return m.shared_receipt_channels_invalid();
  },
  get needsPhone() {
    return m.shared_receipt_channels_needs_phone();
  },
};
