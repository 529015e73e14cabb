// The public entry of recurring: what other features may import of it (decision 055), a schedule's
// card events (giving's Paystack webhook).
export { handleRenewalFailed, handleScheduleCharge, refreshSubscription } from './card-events.ts';
