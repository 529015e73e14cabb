// What other features use of accounts (docs/architecture.md "Web"): re-exports only.
export { AccountNavActions } from './AccountNavActions.tsx';
export { sendPhoneCode, verifyPhoneCode } from './accounts.api.ts';
