// The public entry of giving: what other features may import of it (decision 055), a gift and its
// payment, for recurring gifts and USSD.
export {
  applyVerification,
  assertAssembly,
  codeSmsText,
  createGift,
  newReference,
  requestMomo,
} from './giving.service.ts';
