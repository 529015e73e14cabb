import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, timestamp, uuid } from 'drizzle-orm/pg-core';
import { OFFERING_TYPES } from '../../../shared/constants.ts';

// Column and check builders every domain's tables use. Money is integer pesewas
// (1 GHS = 100 pesewas); times are timestamptz.

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

/** A check that `column` holds one of `values` (the constant list the app validates with). */
export function inList(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}

export const offeringTypeCheck = (name: string, column: string) =>
  check(name, inList(column, OFFERING_TYPES));

/** The row's parent, by its uuid: deleting the parent deletes the row. */
export const parentId = (column: string, parent: () => AnyPgColumn) =>
  uuid(column).notNull().references(parent, { onDelete: 'cascade' });
