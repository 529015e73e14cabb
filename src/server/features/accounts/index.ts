// The public entry of accounts: what other features may import of it (decision 055), the phone
// identity USSD reads and registers.
export { memberByVerifiedPhone, registerByCall } from './phone.ts';
