import { eq } from 'drizzle-orm';
import { formatCedis } from '../../../shared/format.ts';
import { bankStatementLines, bankTransfers } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from './audit.service.ts';
import type { FinanceCaller } from '../../core/guards.ts';
import { inScope } from './officers.service.ts';
import { deliverReceipt } from './receipt-delivery.ts';
import { UNMATCHED_NOTE } from './line-notes.ts';
import { m } from '../../../paraglide/messages.js';
import { matchLine, type Ctx } from './bank-matching.service.ts';

// Matching a line to an entry by hand, and undoing a match.

/** Matches a line to an entry by hand: both open, the entry in scope, the same amount. */
export async function matchManually(
  ctx: Ctx,
  caller: FinanceCaller,
  lineId: string,
  entryId: string,
) {
  const receiptId = await ctx.db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, lineId))
      .for('update');
    if (!line) throw new AppError(404, 'NOT_FOUND', m.server_finance_no_line());
    if (line.bankTransferId) {
      throw new AppError(409, 'ALREADY_MATCHED', m.server_finance_line_matched());
    }
    const [entry] = await tx
      .select()
      .from(bankTransfers)
      .where(eq(bankTransfers.id, entryId))
      .for('update');
    if (!entry || entry.deleted || !inScope(caller.scope, entry.assembly)) {
      throw new AppError(404, 'NOT_FOUND', m.server_finance_no_entry());
    }
    if (entry.status === 'matched') {
      throw new AppError(409, 'ALREADY_MATCHED', m.server_finance_entry_matched());
    }
    if (entry.amount !== line.amount) {
      throw new AppError(
        409,
        'AMOUNT_DIFFERS',
        m.server_finance_amounts_differ({
          line: formatCedis(line.amount),
          entered: formatCedis(entry.amount),
        }),
      );
    }
    return matchLine(tx, caller.actor, line, entry, 'manual');
  });
  if (receiptId) await deliverReceipt(ctx, receiptId);
}

/** Undoes a match (a mistaken manual one): the entry is pending again. The receipt stays. */
export async function unmatchLine(ctx: Ctx, caller: FinanceCaller, lineId: string) {
  await ctx.db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, lineId))
      .for('update');
    const entry = line?.bankTransferId
      ? (
          await tx
            .select()
            .from(bankTransfers)
            .where(eq(bankTransfers.id, line.bankTransferId))
            .for('update')
        )[0]
      : undefined;
    if (!line || !entry || !inScope(caller.scope, entry.assembly)) {
      throw new AppError(404, 'NOT_FOUND', m.server_finance_no_matched_line());
    }
    await tx
      .update(bankStatementLines)
      .set({
        bankTransferId: null,
        matchKind: null,
        matchedBy: null,
        matchedAt: null,
        note: UNMATCHED_NOTE,
      })
      .where(eq(bankStatementLines.id, line.id));
    await tx
      .update(bankTransfers)
      .set({ status: 'pending', matchedAt: null })
      .where(eq(bankTransfers.id, entry.id));
    await recordAudit(tx, caller.actor, {
      action: 'unmatch',
      subjectKind: 'bank',
      subjectId: entry.code ?? entry.id,
      assembly: entry.assembly,
      previous: {
        status: 'matched',
        kind: line.matchKind,
        matchedAt: line.matchedAt?.toISOString() ?? null,
        line: {
          id: line.id,
          bookedOn: line.bookedOn,
          amount: line.amount,
          description: line.description,
        },
      },
      next: { status: 'pending' },
    });
  });
}
