// The public entry of history: what other features may import of it (decision 055), a guest's
// gifts, claimed at sign-up (accounts).
export { attachGuestGifts } from './history.service.ts';
