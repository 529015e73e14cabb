import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

// USSD sessions (issue 32).

/**
 * A USSD session's place in the menu, keyed by gateway and the gateway's session id: any
 * instance answers the next step, and a restart loses nothing. `inputs` counts the answers
 * taken, so a replayed or out-of-order request gets the screen it already got.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    state: jsonb('state').notNull(),
    inputs: integer('inputs').notNull().default(0),
    screen: text('screen').notNull(),
    ended: boolean('ended').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ussd_sessions_updated_idx').on(t.updatedAt)],
);
