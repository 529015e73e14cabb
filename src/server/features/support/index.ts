// The public entry of support: what other features may import of it (decision 055), a support
// request by phone (USSD).
export { createPhoneSupportRequest } from './support.service.ts';
