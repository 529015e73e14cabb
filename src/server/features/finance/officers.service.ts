import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  FinanceAccess,
  FinanceOfficer,
  FinanceScope,
  OfficerGrant,
} from '../../../shared/schemas/finance.ts';
import type { AppContext } from '../../context.ts';
import { assemblies, financeOfficerAssemblies, financeOfficers, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, type Actor, type DbOrTx } from './audit.service.ts';
import { m } from '../../../paraglide/messages.js';

type Ctx = Pick<AppContext, 'db'>;

// The finance role (issue 12): an officer acts for every assembly or for chosen ones;
// admins hold every finance power. Every finance query is filtered with `inScope`.

// A member's own scope is read with their session (core/session.ts).

export function inScope(scope: FinanceScope, assembly: string): boolean {
  return scope.all || scope.assemblies.includes(assembly);
}

/** A WHERE condition keeping rows of the scope's assemblies (undefined: all of them). */
export function scopeCondition(scope: FinanceScope, column: AnyPgColumn): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.assemblies.length === 0) return sql`false`;
  return inArray(column, scope.assemblies);
}

export async function describeAccess(
  ctx: Ctx,
  scope: FinanceScope,
  isAdmin: boolean,
): Promise<FinanceAccess> {
  const rows = await ctx.db
    .select({ slug: assemblies.slug, label: assemblies.label })
    .from(assemblies)
    .where(scopeCondition(scope, assemblies.slug))
    .orderBy(asc(assemblies.position));
  return { isAdmin, scope, assemblies: rows };
}

export async function listOfficers(ctx: Ctx): Promise<FinanceOfficer[]> {
  const officers = await ctx.db
    .select({
      userId: financeOfficers.userId,
      email: users.email,
      fullName: users.fullName,
      allAssemblies: financeOfficers.allAssemblies,
      since: financeOfficers.createdAt,
    })
    .from(financeOfficers)
    .innerJoin(users, eq(users.id, financeOfficers.userId))
    .orderBy(asc(users.email));
  const chosen = await ctx.db
    .select()
    .from(financeOfficerAssemblies)
    .orderBy(asc(financeOfficerAssemblies.assembly));
  return officers.map((o) => ({
    ...o,
    since: o.since.toISOString(),
    assemblies: o.allAssemblies
      ? []
      : chosen.filter((c) => c.userId === o.userId).map((c) => c.assembly),
  }));
}

async function userByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

async function officerState(db: DbOrTx, userId: string) {
  const [officer] = await db
    .select({ all: financeOfficers.allAssemblies })
    .from(financeOfficers)
    .where(eq(financeOfficers.userId, userId))
    .for('update');
  if (!officer) return null;
  const rows = await db
    .select({ assembly: financeOfficerAssemblies.assembly })
    .from(financeOfficerAssemblies)
    .where(eq(financeOfficerAssemblies.userId, userId))
    .orderBy(asc(financeOfficerAssemblies.assembly));
  return { allAssemblies: officer.all, assemblies: rows.map((r) => r.assembly) };
}

/** Makes a member a finance officer, or changes which assemblies they hold. Audited. */
export async function grantOfficer(ctx: Ctx, actor: Actor, input: OfficerGrant) {
  const chosen = input.allAssemblies ? [] : [...new Set(input.assemblies)].sort();
  return ctx.db.transaction(async (tx) => {
    const user = await userByEmail(tx, input.email);
    if (!user) {
      throw new AppError(404, 'NOT_FOUND', m.server_finance_no_account({ email: input.email }), {
        email: m.server_finance_no_account_field(),
      });
    }
    if (chosen.length > 0) {
      const known = await tx
        .select({ slug: assemblies.slug })
        .from(assemblies)
        .where(inArray(assemblies.slug, chosen));
      const unknown = chosen.filter((slug) => !known.some((k) => k.slug === slug));
      if (unknown.length > 0) {
        throw new AppError(400, 'VALIDATION_ERROR', m.server_finance_fields(), {
          assemblies: m.server_finance_unknown_assembly({ slugs: unknown.join(', ') }),
        });
      }
    }
    const previous = await officerState(tx, user.id);
    const next = { allAssemblies: input.allAssemblies, assemblies: chosen };
    await tx
      .insert(financeOfficers)
      .values({ userId: user.id, allAssemblies: input.allAssemblies })
      .onConflictDoUpdate({
        target: financeOfficers.userId,
        set: { allAssemblies: input.allAssemblies, updatedAt: new Date() },
      });
    await tx.delete(financeOfficerAssemblies).where(eq(financeOfficerAssemblies.userId, user.id));
    if (chosen.length > 0) {
      await tx
        .insert(financeOfficerAssemblies)
        .values(chosen.map((assembly) => ({ userId: user.id, assembly })));
    }
    await recordAudit(tx, actor, {
      action: previous ? 'role_change' : 'role_grant',
      subjectKind: 'officer',
      subjectId: user.email,
      previous,
      next,
    });
    return { userId: user.id, email: user.email, ...next };
  });
}

/** Ends a member's finance role. False when they had none. Audited. */
export async function revokeOfficer(ctx: Ctx, actor: Actor, email: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const user = await userByEmail(tx, email);
    if (!user) return false;
    const previous = await officerState(tx, user.id);
    if (!previous) return false;
    await tx.delete(financeOfficers).where(eq(financeOfficers.userId, user.id));
    await recordAudit(tx, actor, {
      action: 'role_revoke',
      subjectKind: 'officer',
      subjectId: user.email,
      previous,
      next: null,
    });
    return true;
  });
}
