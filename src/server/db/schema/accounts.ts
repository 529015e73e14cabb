import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { RECEIPT_CHANNELS } from '../../../shared/constants.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import { createdAt, inList, updatedAt, uuidKey } from './columns.ts';

// Members, the church's assemblies and its admins.

export const assemblies = pgTable('assemblies', {
  slug: text('slug').primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

// The member profile of spec §3 is also the auth library's user row (better-auth's user
// model is mapped onto this table), so sign-up writes one row: nothing half-created.
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** The profile's phone (E.164), as the member typed it: not proof of anything. */
    phoneNumber: text('phone_number'),
    /**
     * The phone the member signs in with and USSD knows them by (E.164), once an SMS code
     * proved it theirs (issue 32); set only with `phone_verified` (decision 050).
     */
    loginPhone: text('login_phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /**
     * A phone-first sign-up waiting for its code: the number it will sign in with once the
     * code sent for this sign-up proves it. Not unique: another sign-up for the same number
     * waits beside it, and neither holds the number (decision 050).
     */
    pendingPhone: text('pending_phone'),
    assemblyName: text('assembly_name').references(() => assemblies.slug, {
      onUpdate: 'cascade',
    }),
    location: text('location'),
    dateOfBirth: date('date_of_birth'),
    /** Where receipts and codes go: 'email', 'sms' (to the proved login phone) or 'both'. */
    receiptChannel: text('receipt_channel').notNull().default('email'),
    /**
     * Quiet hours ('HH:MM', Ghana time = UTC; both or neither): SMS and push wait until they
     * end (decision 041). `until` before `from` spans midnight.
     */
    quietFrom: text('quiet_from'),
    quietUntil: text('quiet_until'),
    /** The language of the app, mails, SMS and USSD screens (decision 043). */
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_login_phone_idx').on(t.loginPhone),
    index('users_pending_phone_idx').on(t.pendingPhone),
    check('users_receipt_channel', inList('receipt_channel', RECEIPT_CHANNELS)),
    check('users_locale', inList('locale', LANGUAGES)),
  ],
);

export const admins = pgTable('admins', {
  id: uuidKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
