import { and, desc, eq, lt } from 'drizzle-orm';
import type { FinanceAction } from '../../../shared/constants.ts';
import type { AuditEntry } from '../../../shared/schemas/finance.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { financeAudit } from '../../db/schema.ts';

/** The database, or a transaction on it. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who did a finance action: a signed-in member, or the command line (no account). */
export interface Actor {
  id: string | null;
  email: string;
}

export const COMMAND_LINE_ACTOR: Actor = { id: null, email: 'command line (npm run admin)' };

/**
 * Records one finance action. Call it inside the transaction that makes the change, so the
 * change and its record stand or fall together. Rows are never updated (a trigger refuses).
 */
export async function recordAudit(
  db: DbOrTx,
  actor: Actor,
  entry: {
    action: FinanceAction;
    subjectKind: string;
    subjectId: string;
    assembly?: string | null;
    previous?: unknown;
    next?: unknown;
  },
) {
  await db.insert(financeAudit).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    subjectKind: entry.subjectKind,
    subjectId: entry.subjectId,
    assembly: entry.assembly ?? null,
    previous: entry.previous ?? null,
    next: entry.next ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 100;

/** The newest actions first, a page at a time (`before`: the last `at` of the page before). */
export async function listAudit(
  ctx: Pick<AppContext, 'db'>,
  query: { before?: string | undefined; action?: FinanceAction | undefined },
): Promise<AuditEntry[]> {
  const rows = await ctx.db
    .select()
    .from(financeAudit)
    .where(
      and(
        query.before ? lt(financeAudit.createdAt, new Date(query.before)) : undefined,
        query.action ? eq(financeAudit.action, query.action) : undefined,
      ),
    )
    .orderBy(desc(financeAudit.createdAt), desc(financeAudit.id))
    .limit(AUDIT_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action as FinanceAction,
    subjectKind: row.subjectKind,
    subjectId: row.subjectId,
    assembly: row.assembly,
    previous: row.previous,
    next: row.next,
  }));
}
