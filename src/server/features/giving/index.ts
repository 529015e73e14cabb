// The public entry of giving: what other features may import of it (decision 055), a gift and its
// payment, for recurring gifts and USSD.
export { applyVerification } from './credit-gift.ts';
export { assertAssembly, newReference } from './giving.service.ts';
export { codeSmsText } from './code-sms.ts';
export { createGift } from './create-gift.ts';
export { requestMomo } from './momo-prompt.ts';
