// The public entry of checkin: what other features may import of it (decision 055), check-in by
// phone (USSD).
export { checkIn } from './member-checkin.ts';
export { CHECKIN_GUESSES } from './checkin.service.ts';
