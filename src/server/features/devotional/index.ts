// The public entry of devotional: what other features may import of it (decision 055), today's
// devotional (USSD).
export { todaysDevotional } from './devotional.service.ts';
