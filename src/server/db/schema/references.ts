import { text } from 'drizzle-orm/pg-core';
import { assemblies, users } from './accounts.ts';

// Columns that name a member or an assembly, as most tables do.

/** A member the row belongs to: deleting the member deletes the row. */
export const member = (column = 'user_id') =>
  text(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A member the row names (who made, recorded, reviewed it): it outlives them, as null. */
export const optionalMember = (column = 'user_id') =>
  text(column).references(() => users.id, { onDelete: 'set null' });

/** An assembly by its slug, following a renamed slug. */
export const assemblyRef = (column = 'assembly') =>
  text(column).references(() => assemblies.slug, { onUpdate: 'cascade' });
