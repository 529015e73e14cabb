// The database's tables, one file a domain (issue 49). Drizzle-kit reads this list
// (drizzle.config.ts) and the app imports its tables from here.
export * from './schema/accounts.ts';
export * from './schema/auth.ts';
export * from './schema/platform.ts';
export * from './schema/content.ts';
export * from './schema/giving.ts';
export * from './schema/finance.ts';
export * from './schema/pledges.ts';
export * from './schema/workers.ts';
export * from './schema/pastor.ts';
export * from './schema/support.ts';
export * from './schema/ussd.ts';
export * from './schema/checkin.ts';
export * from './schema/events.ts';
export * from './schema/prayer.ts';
export * from './schema/notifications.ts';
