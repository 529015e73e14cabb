import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from './columns.ts';
import { optionalMember } from './references.ts';

// Support requests from the app's form and from USSD.

export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuidKey(),
    userId: optionalMember(),
    fullName: text('full_name').notNull(),
    /** The app's form asks an email; a request by USSD has the caller's phone instead. */
    email: text('email'),
    phone: text('phone'),
    title: text('title').notNull(),
    issue: text('issue').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_requests_created_idx').on(t.createdAt.desc()),
    check('support_requests_contact', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);
