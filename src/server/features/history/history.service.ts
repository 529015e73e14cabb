import { and, desc, eq } from 'drizzle-orm';
import type { CashDeleteReason } from '../../../shared/constants.ts';
import type { HistoryEntry } from '../../../shared/schemas/giving.ts';
import type { AppContext } from '../../context.ts';
import { bankTransfers, cashOfferings, transactions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { receiptsOfMember } from '../finance/receipts.service.ts';

type Ctx = Pick<AppContext, 'db'>;

/** The member's own card and mobile-money gifts, cash and bank entries, newest first. */
export async function listHistory(ctx: Ctx, userId: string): Promise<HistoryEntry[]> {
  const [gifts, cash, bank, receipts] = await Promise.all([
    ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt))
      .limit(500),
    ctx.db
      .select()
      .from(cashOfferings)
      .where(and(eq(cashOfferings.userId, userId), eq(cashOfferings.deleted, false)))
      .orderBy(desc(cashOfferings.createdAt))
      .limit(500),
    ctx.db
      .select()
      .from(bankTransfers)
      .where(and(eq(bankTransfers.userId, userId), eq(bankTransfers.deleted, false)))
      .orderBy(desc(bankTransfers.createdAt))
      .limit(500),
    receiptsOfMember(ctx, userId),
  ]);
  const receiptOf = (kind: string, id: string) => receipts.get(`${kind}:${id}`) ?? null;
  const typeOf = (row: { type: string; otherType: string | null }) => row.otherType ?? row.type;
  const entries: HistoryEntry[] = [
    ...gifts.map((g) => ({
      id: g.id,
      kind: 'transaction' as const,
      type: typeOf(g),
      method: g.method as 'card' | 'momo',
      amount: g.amount,
      status: g.status,
      code: g.reference,
      createdAt: g.createdAt.toISOString(),
      deletable: false,
      receipt: g.status === 'success' ? receiptOf('transaction', g.id) : null,
      receivedAmount: null,
    })),
    ...cash.map((c) => ({
      id: c.id,
      kind: 'cash' as const,
      type: typeOf(c),
      method: 'cash' as const,
      amount: c.amount,
      status: c.status,
      code: c.code,
      createdAt: c.createdAt.toISOString(),
      deletable: c.status === 'pending',
      receipt: c.status === 'received' ? receiptOf('cash', c.id) : null,
      receivedAmount: c.status === 'flagged' ? c.receivedAmount : null,
    })),
    ...bank.map((b) => ({
      id: b.id,
      kind: 'bank' as const,
      type: typeOf(b),
      method: 'bank' as const,
      amount: b.amount,
      status: b.status,
      code: b.code,
      createdAt: b.createdAt.toISOString(),
      deletable: false,
      receipt: b.status === 'matched' ? receiptOf('bank', b.id) : null,
      receivedAmount: null,
    })),
  ];
  return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Soft-deletes the member's own cash entry while the desk has not counted it; anything else
 * is "not found" (money the desk received or flagged stays on the books).
 */
export async function deleteCashGift(
  ctx: Ctx,
  userId: string,
  id: string,
  reason: CashDeleteReason,
) {
  const deleted = await ctx.db
    .update(cashOfferings)
    .set({ deleted: true, deletedReason: reason, deletedAt: new Date() })
    .where(
      and(
        eq(cashOfferings.id, id),
        eq(cashOfferings.userId, userId),
        eq(cashOfferings.deleted, false),
        eq(cashOfferings.status, 'pending'),
      ),
    )
    .returning({ id: cashOfferings.id });
  if (deleted.length === 0) throw new AppError(404, 'NOT_FOUND', 'No such cash entry.');
}
