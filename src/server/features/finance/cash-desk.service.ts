import { and, asc, desc, eq } from 'drizzle-orm';
import type { CashState } from '../../../shared/constants.ts';
import { formatCedis, formatDate } from '../../../shared/format.ts';
import type { CashDeskEntry, CashReceive, FinanceScope } from '../../../shared/schemas/finance.ts';
import type { AppContext } from '../../context.ts';
import { assemblies, cashOfferings, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit, type Actor, type DbOrTx } from './audit.service.ts';
import { inScope, scopeCondition } from './officers.service.ts';
import { deliverReceipt } from './receipt-delivery.ts';
import { issueReceipt } from './receipts.service.ts';
import { m } from '../../../paraglide/messages.js';

// The cash desk (issue 12): an officer types the 6-digit code a member brings with the
// cash, sees the entry, and records what was counted. The member's own amount is never
// touched: the count goes beside it, and a different count flags the entry for follow-up.

type Ctx = Pick<
  AppContext,
  'db' | 'mailer' | 'sms' | 'church' | 'config' | 'log' | 'secrets' | 'now'
>;

/** Cash entries with their assembly's label and the name of who recorded the count. */
function cashWithNames(db: DbOrTx) {
  return db
    .select({
      cash: cashOfferings,
      assemblyLabel: assemblies.label,
      recordedByName: users.fullName,
    })
    .from(cashOfferings)
    .innerJoin(assemblies, eq(assemblies.slug, cashOfferings.assembly))
    .leftJoin(users, eq(users.id, cashOfferings.recordedBy));
}

async function selectCash(db: DbOrTx, where: ReturnType<typeof and>, lock = false) {
  const query = cashWithNames(db)
    .where(where)
    .orderBy(asc(cashOfferings.deleted), desc(cashOfferings.createdAt));
  return lock ? query.for('update', { of: cashOfferings }) : query;
}

type CashRow = Awaited<ReturnType<typeof selectCash>>[number];

function toView({ cash, assemblyLabel, recordedByName }: CashRow): CashDeskEntry {
  return {
    id: cash.id,
    code: cash.code,
    memberName: `${cash.firstName} ${cash.lastName}`,
    assembly: { slug: cash.assembly, label: assemblyLabel },
    type: cash.otherType ?? cash.type,
    amount: cash.amount,
    createdAt: cash.createdAt.toISOString(),
    state: cash.deleted ? 'deleted' : (cash.status as CashState),
    deletedAt: cash.deletedAt?.toISOString() ?? null,
    received:
      cash.receivedAmount !== null && cash.receivedOn && cash.recordedAt
        ? {
            amount: cash.receivedAmount,
            on: cash.receivedOn,
            by: cash.receivedBy ?? '',
            recordedBy: recordedByName,
            recordedAt: cash.recordedAt.toISOString(),
          }
        : null,
  };
}

/**
 * The entry behind a code, in the caller's assemblies only (another assembly's code is "not
 * found", as an unknown one). An open entry wins over a deleted one with the same code.
 */
export async function findCashByCode(
  ctx: Pick<AppContext, 'db'>,
  scope: FinanceScope,
  code: string,
): Promise<CashDeskEntry> {
  const [row] = await selectCash(
    ctx.db,
    and(eq(cashOfferings.code, code), scopeCondition(scope, cashOfferings.assembly)),
  );
  if (!row) throw new AppError(404, 'NOT_FOUND', m.shared_finance_cash_not_found());
  return toView(row);
}

/** Entries flagged for follow-up (counted amount differs), oldest first. */
export async function listFlaggedCash(
  ctx: Pick<AppContext, 'db'>,
  scope: FinanceScope,
): Promise<CashDeskEntry[]> {
  const rows = await cashWithNames(ctx.db)
    .where(
      and(
        eq(cashOfferings.status, 'flagged'),
        eq(cashOfferings.deleted, false),
        scopeCondition(scope, cashOfferings.assembly),
      ),
    )
    .orderBy(asc(cashOfferings.recordedAt))
    .limit(200);
  return rows.map(toView);
}

/**
 * Records what the desk received for a cash entry. Equal to the member's amount: received
 * (and receipted). Different: recorded beside it and flagged; a flagged entry may be
 * counted again after the follow-up. Received and deleted entries are refused.
 */
export async function receiveCash(
  ctx: Ctx,
  actor: Actor,
  scope: FinanceScope,
  id: string,
  input: CashReceive,
): Promise<{ outcome: 'received' | 'flagged'; entry: CashDeskEntry }> {
  let receiptId: string | null = null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await selectCash(tx, and(eq(cashOfferings.id, id)), true);
    if (!row || !inScope(scope, row.cash.assembly)) {
      throw new AppError(404, 'NOT_FOUND', m.shared_finance_cash_not_found());
    }
    const { cash } = row;
    if (cash.deleted) throw new AppError(409, 'CASH_DELETED', m.shared_finance_cash_deleted());
    if (cash.status === 'received') {
      const who = row.recordedByName ?? cash.receivedBy ?? m.server_finance_the_desk();
      throw new AppError(
        409,
        'ALREADY_RECEIVED',
        `${m.shared_finance_cash_already_received()} ${m.server_finance_cash_received_by({
          receiver: cash.receivedBy ?? who,
          amount: formatCedis(cash.receivedAmount ?? cash.amount),
          day: formatDate(cash.receivedOn!),
          who,
        })}`,
      );
    }
    const status = input.amount === cash.amount ? 'received' : 'flagged';
    const previous = {
      status: cash.status,
      receivedAmount: cash.receivedAmount,
      receivedOn: cash.receivedOn,
      receivedBy: cash.receivedBy,
    };
    const next = {
      status,
      amount: cash.amount,
      receivedAmount: input.amount,
      receivedOn: input.receivedOn,
      receivedBy: input.receivedBy,
    };
    await tx
      .update(cashOfferings)
      .set({
        status,
        receivedAmount: input.amount,
        receivedOn: input.receivedOn,
        receivedBy: input.receivedBy,
        recordedBy: actor.id,
        recordedAt: new Date(),
      })
      .where(eq(cashOfferings.id, id));
    await recordAudit(tx, actor, {
      action: status === 'received' ? 'receive' : 'flag',
      subjectKind: 'cash',
      subjectId: cash.code,
      assembly: cash.assembly,
      previous,
      next,
    });
    if (status === 'received') {
      // A USSD caller's cash gift is receipted by SMS to the number that asked for the code.
      receiptId = await issueReceipt(tx, {
        kind: 'cash',
        id: cash.id,
        userId: cash.userId,
        guestPhone: cash.userId ? null : cash.phone,
      });
    }
    return status;
  });
  if (receiptId) await deliverReceipt(ctx, receiptId);
  const [row] = await selectCash(ctx.db, and(eq(cashOfferings.id, id)));
  return { outcome, entry: toView(row!) };
}
