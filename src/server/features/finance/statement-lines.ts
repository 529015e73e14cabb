import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  BankEntryCandidate,
  FinanceScope,
  StatementLineView,
} from '../../../shared/schemas/finance.ts';
import type { AppContext } from '../../context.ts';
import {
  assemblies,
  bankStatementLines,
  bankStatements,
  bankTransfers,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { scopeCondition } from './officers.service.ts';
import { lineNoteText } from './line-notes.ts';
import { m } from '../../../paraglide/messages.js';

// The statements and their lines as the desk reads them, and a line's candidate entries.

export async function listStatements(ctx: Pick<AppContext, 'db'>) {
  const rows = await ctx.db
    .select({
      id: bankStatements.id,
      bank: bankStatements.bank,
      fileName: bankStatements.fileName,
      uploadedAt: bankStatements.createdAt,
      uploadedBy: users.email,
      lines: bankStatements.lineCount,
      imported: bankStatements.importedCount,
      matched: sql<number>`(select count(*)::int from ${bankStatementLines} l where l.statement_id = ${bankStatements.id} and l.bank_transfer_id is not null)`,
    })
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.uploadedBy))
    .orderBy(desc(bankStatements.createdAt))
    .limit(20);
  return rows.map((r) => ({ ...r, uploadedAt: r.uploadedAt.toISOString() }));
}

/** Unmatched lines (all), or matched ones whose entry is in the caller's assemblies. */
export async function listLines(
  ctx: Pick<AppContext, 'db'>,
  scope: FinanceScope,
  filter: { state: 'unmatched' | 'matched'; statementId?: string | undefined },
): Promise<StatementLineView[]> {
  const rows = await ctx.db
    .select({
      line: bankStatementLines,
      entry: bankTransfers,
      assemblyLabel: assemblies.label,
    })
    .from(bankStatementLines)
    .leftJoin(bankTransfers, eq(bankTransfers.id, bankStatementLines.bankTransferId))
    .leftJoin(assemblies, eq(assemblies.slug, bankTransfers.assembly))
    .where(
      and(
        filter.statementId ? eq(bankStatementLines.statementId, filter.statementId) : undefined,
        filter.state === 'unmatched'
          ? isNull(bankStatementLines.bankTransferId)
          : and(
              isNotNull(bankStatementLines.bankTransferId),
              scopeCondition(scope, bankTransfers.assembly),
            ),
      ),
    )
    .orderBy(desc(bankStatementLines.bookedOn), asc(bankStatementLines.lineNumber))
    .limit(500);
  return rows.map(({ line, entry, assemblyLabel }) => ({
    id: line.id,
    bank: line.bank,
    lineNumber: line.lineNumber,
    bookedOn: line.bookedOn,
    description: line.description,
    amount: line.amount,
    note: line.note ? lineNoteText(line.note) : null,
    match:
      line.matchKind && line.matchedAt
        ? {
            kind: line.matchKind as 'auto' | 'manual',
            at: line.matchedAt.toISOString(),
            entry: entry
              ? {
                  id: entry.id,
                  code: entry.code,
                  memberName: `${entry.firstName} ${entry.lastName}`,
                  assembly: assemblyLabel ?? entry.assembly,
                  type: entry.otherType ?? entry.type,
                }
              : null,
          }
        : null,
  }));
}

/** Open bank entries of the caller's assemblies with the line's amount, nearest date first. */
export async function matchCandidates(
  ctx: Pick<AppContext, 'db'>,
  scope: FinanceScope,
  lineId: string,
): Promise<BankEntryCandidate[]> {
  const [line] = await ctx.db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, lineId));
  if (!line) throw new AppError(404, 'NOT_FOUND', m.server_finance_no_line());
  const rows = await ctx.db
    .select({ entry: bankTransfers, assemblyLabel: assemblies.label })
    .from(bankTransfers)
    .innerJoin(assemblies, eq(assemblies.slug, bankTransfers.assembly))
    .where(
      and(
        eq(bankTransfers.amount, line.amount),
        eq(bankTransfers.status, 'pending'),
        eq(bankTransfers.deleted, false),
        scopeCondition(scope, bankTransfers.assembly),
      ),
    )
    .orderBy(sql`abs(extract(epoch from (${bankTransfers.createdAt} - ${line.bookedOn}::date)))`)
    .limit(20);
  return rows.map(({ entry, assemblyLabel }) => ({
    id: entry.id,
    code: entry.code,
    memberName: `${entry.firstName} ${entry.lastName}`,
    assembly: assemblyLabel,
    type: entry.otherType ?? entry.type,
    amount: entry.amount,
    createdAt: entry.createdAt.toISOString(),
    bank: entry.bank,
  }));
}
