import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { CashDeleteReason } from '../../../shared/constants.ts';
import type { HistoryEntry, HistoryPage } from '../../../shared/schemas/giving.ts';
import type { AppContext } from '../../context.ts';
import { cashOfferings } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { receiptNumber } from '../../../shared/finance.ts';

type Ctx = Pick<AppContext, 'db'>;

export const HISTORY_PAGE_SIZE = 50;

/** Where a page starts: just after this entry (in the order below). Opaque to the client. */
interface Cursor {
  at: string;
  kind: HistoryEntry['kind'];
  id: string;
}

const cursorSchema = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  z.enum(['transaction', 'cash', 'bank']),
  z.uuid(),
]);

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.kind, cursor.id])).toString('base64url');
}

/** The cursor a client sent back, or a 400 when it is not one we made. */
export function decodeCursor(text: string): Cursor {
  try {
    const [at, kind, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(text, 'base64url').toString()),
    );
    return { at, kind, id };
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', 'Not a history cursor.');
  }
}

// The three kinds of entry in one statement, newest first, by (created_at, kind, id) so a
// cursor is a total order; each branch reads only the columns the screen shows, through its
// own (user_id, created_at desc) index, at most a page and one. Timestamps travel as text
// with their microseconds so the cursor compares exactly. $2–$4: the cursor, or nulls.
const entryColumns = (kind: string, code: string, receivedAmount: string) => `
  select '${kind}'::text as kind, id, coalesce(other_type, type) as type, ${kind === 'transaction' ? 'method' : `'${kind}'::text`} as method,
    amount, status, ${code} as code, ${receivedAmount} as received_amount, created_at`;
const afterCursor = (kind: string) =>
  `($2::timestamptz is null or (created_at, '${kind}'::text, id) < ($2::timestamptz, $3::text, $4::uuid))`;

/** Its name as a prepared statement on PostgreSQL (parsed and planned once per connection). */
export const HISTORY_PAGE_STATEMENT = 'history_page';

export const HISTORY_PAGE_SQL = `
select e.kind, e.id, e.type, e.method, e.amount, e.status, e.code, e.received_amount,
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
  r.id as receipt_id, r.year as receipt_year, r.number as receipt_number
from (
  (${entryColumns('transaction', 'reference', 'null::integer')}
   from transactions where user_id = $1 and ${afterCursor('transaction')}
   order by created_at desc, id desc limit $5)
  union all
  (${entryColumns('cash', 'code', 'received_amount')}
   from cash_offerings where user_id = $1 and not deleted and ${afterCursor('cash')}
   order by created_at desc, id desc limit $5)
  union all
  (${entryColumns('bank', 'code', 'null::integer')}
   from bank_transfers where user_id = $1 and not deleted and ${afterCursor('bank')}
   order by created_at desc, id desc limit $5)
) e
left join receipts r on r.entry_kind = e.kind and r.entry_id = e.id
order by e.created_at desc, e.kind desc, e.id desc
limit $5`;

/** The statement's parameters for a member's page. */
export function historyPageParams(userId: string, cursor: Cursor | null) {
  return [
    userId,
    cursor?.at ?? null,
    cursor?.kind ?? null,
    cursor?.id ?? null,
    HISTORY_PAGE_SIZE + 1,
  ];
}

interface PageRow {
  kind: HistoryEntry['kind'];
  id: string;
  type: string;
  method: HistoryEntry['method'];
  amount: number;
  status: string;
  code: string | null;
  received_amount: number | null;
  at: string;
  receipt_id: string | null;
  receipt_year: number | null;
  receipt_number: number | null;
}

/** A confirmed gift shows its receipt; deleted and pending ones never do. */
const CONFIRMED: Record<HistoryEntry['kind'], string> = {
  transaction: 'success',
  cash: 'received',
  bank: 'matched',
};

/**
 * One page of the member's own card and mobile-money gifts, cash and bank entries (deleted
 * ones left out), newest first, in one statement.
 */
export async function listHistory(
  ctx: Pick<AppContext, 'database'>,
  userId: string,
  cursor: Cursor | null = null,
): Promise<HistoryPage> {
  const rows = await ctx.database.query<PageRow>(
    HISTORY_PAGE_SQL,
    historyPageParams(userId, cursor),
    HISTORY_PAGE_STATEMENT,
  );
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      type: r.type,
      method: r.method,
      amount: r.amount,
      status: r.status,
      code: r.code,
      createdAt: new Date(r.at).toISOString(),
      deletable: r.kind === 'cash' && r.status === 'pending',
      receipt:
        r.receipt_id !== null && r.status === CONFIRMED[r.kind]
          ? { id: r.receipt_id, number: receiptNumber(r.receipt_year!, r.receipt_number!) }
          : null,
      receivedAmount: r.kind === 'cash' && r.status === 'flagged' ? r.received_amount : null,
    })),
    next:
      rows.length > HISTORY_PAGE_SIZE && last
        ? encodeCursor({ at: last.at, kind: last.kind, id: last.id })
        : null,
  };
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
