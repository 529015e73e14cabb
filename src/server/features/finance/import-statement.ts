import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Bank } from '../../../shared/constants.ts';
import { formatDate } from '../../../shared/format.ts';
import type { BankMapping, StatementUploadResult } from '../../../shared/schemas/finance.ts';
import { bankStatementLines, bankStatements, users } from '../../db/schema.ts';
import { assertStorableText } from '../../http/edge.ts';
import { AppError } from '../../http/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { recordAudit } from './audit.service.ts';
import type { FinanceCaller } from '../../core/guards.ts';
import { deliverReceipt } from './receipt-delivery.ts';
import { NO_CODE_NOTE } from './line-notes.ts';
import { bankCodesIn, readStatement, StatementError } from './statement-csv.ts';
import { m } from '../../../paraglide/messages.js';
import { autoMatch, type Ctx } from './bank-matching.service.ts';
import { listMappings } from './bank-mappings.ts';

// Importing a statement export (each file once, each line once), then matching it; matching
// again on request.

/** Imports one statement file and matches what it can. */
export async function importStatement(
  ctx: Ctx,
  caller: FinanceCaller,
  file: { bank: Bank; fileName: string; bytes: Buffer },
): Promise<StatementUploadResult> {
  const fileHash = createHash('sha256').update(file.bytes).digest('hex');
  const [earlier] = await ctx.db
    .select({ at: bankStatements.createdAt, by: users.email })
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.uploadedBy))
    .where(eq(bankStatements.fileHash, fileHash));
  if (earlier) {
    throw new AppError(
      409,
      'DUPLICATE_FILE',
      `${m.shared_finance_duplicate_file()} ${
        earlier.by
          ? m.server_finance_uploaded_on_by({ day: formatDate(earlier.at), by: earlier.by })
          : m.server_finance_uploaded_on({ day: formatDate(earlier.at) })
      }`,
    );
  }

  const text = new TextDecoder('utf-8').decode(file.bytes);
  // Parsed here, not by the app's JSON parser: checked here like every body (decision 010).
  assertStorableText(text);
  assertStorableText(file.fileName);

  const mapping = (await listMappings(ctx))[file.bank];
  let statement;
  try {
    statement = readStatement(text, file.bank, mapping ?? placeholderMapping);
  } catch (error) {
    if (error instanceof StatementError && error.code === 'NO_HEADER' && !mapping) {
      throw mappingNeeded(error.columns);
    }
    if (error instanceof StatementError) {
      throw new AppError(400, `STATEMENT_${error.code}`, error.message, {
        columns: error.columns.join('\n'),
      });
    }
    throw error;
  }
  if (!mapping) throw mappingNeeded(statement.columns);
  if (statement.lines.length === 0 && statement.errors.length > 0) {
    throw new AppError(
      400,
      'STATEMENT_UNREADABLE',
      m.server_finance_unreadable({
        line: statement.errors[0]!.line,
        message: statement.errors[0]!.message,
      }),
      { columns: statement.columns.join('\n') },
    );
  }

  const imported = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(bankStatements)
      .values({
        bank: file.bank,
        fileName: file.fileName.slice(0, 200),
        fileHash,
        uploadedBy: caller.actor.id,
        lineCount: statement.total,
        importedCount: 0,
      })
      .onConflictDoNothing()
      .returning({ id: bankStatements.id });
    if (!saved) throw new AppError(409, 'DUPLICATE_FILE', m.shared_finance_duplicate_file());
    let imported = 0;
    // In chunks: one statement can hold thousands of lines.
    for (let i = 0; i < statement.lines.length; i += 500) {
      const chunk = statement.lines.slice(i, i + 500);
      const inserted = await tx
        .insert(bankStatementLines)
        .values(
          chunk.map((line) => ({
            statementId: saved.id,
            bank: file.bank,
            lineNumber: line.line,
            bookedOn: line.bookedOn,
            description: line.description,
            amount: line.amount,
            fingerprint: line.fingerprint,
            note: bankCodesIn(line.description).length === 0 ? NO_CODE_NOTE : null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: bankStatementLines.id });
      imported += inserted.length;
    }
    await tx
      .update(bankStatements)
      .set({ importedCount: imported })
      .where(eq(bankStatements.id, saved.id));
    return { statementId: saved.id, imported };
  });
  // Matched after the lines are in, in bounded steps (issue 31), not inside the import.
  const { matched, receiptIds } = await autoMatch(ctx, caller);
  const summary: StatementUploadResult = {
    statementId: imported.statementId,
    bank: file.bank,
    lines: statement.total,
    imported: imported.imported,
    alreadyImported: statement.lines.length - imported.imported,
    skipped: statement.skipped,
    errors: statement.errors.slice(0, 50),
    matched,
  };
  await recordAudit(ctx.db, caller.actor, {
    action: 'statement_upload',
    subjectKind: 'statement',
    subjectId: imported.statementId,
    next: { fileName: file.fileName, ...summary, errors: statement.errors.length },
  });
  for (const id of receiptIds) await deliverReceipt(ctx, id);
  return summary;
}

// Never matches: the file is read only to name its columns for the mapping form.
const placeholderMapping: BankMapping = {
  dateColumn: '\u0001date',
  descriptionColumn: '\u0001description',
  amountColumn: '\u0001amount',
};

function mappingNeeded(columns: string[]) {
  return new AppError(409, 'MAPPING_NEEDED', m.shared_finance_mapping_needed(), {
    columns: columns.join('\n'),
  });
}

/** One rematch per officer per this many seconds. */
export const REMATCH_INTERVAL_SECONDS = 15;
/** Rematches per minute across the whole finance desk. */
export const REMATCHES_PER_MINUTE = 6;

/** Re-runs automatic matching over stored lines (after entries were made or scope widened). */
export async function rematchLines(ctx: Ctx, caller: FinanceCaller) {
  // Bounded (issue 31): each run reads every unmatched coded line, so an officer may start one
  // every REMATCH_INTERVAL_SECONDS, and the whole desk REMATCHES_PER_MINUTE a minute.
  const own = await consumeRateLimit(
    ctx.db,
    `finance-rematch:${caller.actor.id ?? 'cli'}`,
    1,
    REMATCH_INTERVAL_SECONDS * 1000,
  );
  const all = own.allowed
    ? await consumeRateLimit(ctx.db, 'finance-rematch:all', REMATCHES_PER_MINUTE, 60_000)
    : own;
  if (!all.allowed) {
    throw new AppError(429, 'RATE_LIMITED', m.server_finance_matching_ran(), undefined, {
      'retry-after': String(all.retryAfterSeconds),
    });
  }
  const { matched, receiptIds } = await autoMatch(ctx, caller);
  for (const id of receiptIds) await deliverReceipt(ctx, id);
  return { matched };
}
