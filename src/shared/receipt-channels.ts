import type { ReceiptChannel } from './constants.ts';

// Where receipts and codes go (issue 32): the profile's choice, its words apart from
// ./profile.ts so that the profile's phone sections, loaded after it, bring their own.

export { RECEIPT_CHANNELS, type ReceiptChannel } from './constants.ts';
export const RECEIPT_CHANNEL_LABELS: Record<ReceiptChannel, string> = {
  email: 'Email',
  sms: 'SMS to my phone',
  both: 'Email and SMS',
};
export const RECEIPT_CHANNEL_MESSAGES = {
  saved: {
    email: 'Saved. Receipts, codes and notices will come by email.',
    sms: 'Saved. Receipts, codes and notices will come by SMS.',
    both: 'Saved. Receipts, codes and notices will come by email and SMS.',
  } satisfies Record<ReceiptChannel, string>,
  invalid: 'Choose email, SMS or both.',
  needsPhone: 'Add your phone number above first: SMS goes to it.',
} as const;
