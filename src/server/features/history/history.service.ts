import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  OFFERING_TYPES,
  type CashDeleteReason,
  type OfferingType,
} from '../../../shared/constants.ts';
import type {
  GuestGifts,
  HistoryEntry,
  HistoryPage,
  YearToDate,
} from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { bankTransfers, cashOfferings, transactions } from '../../db/schema.ts';
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
    throw new AppError(400, 'VALIDATION_ERROR', m.server_history_bad_cursor());
  }
}

// The three kinds of entry in one statement, newest first, by (created_at, kind, id) so a
// cursor is a total order; each branch reads only the columns the screen shows, through its
// own (user_id, created_at desc) index, at most a page and one. Timestamps travel as text
// with their microseconds so the cursor compares exactly. $2–$4: the cursor, or nulls;
// $6–$7: the chosen year, [from, to) (infinities for every year).
const entryColumns = (kind: string, code: string, receivedAmount: string) => `
  select '${kind}'::text as kind, id, coalesce(other_type, type) as type, ${kind === 'transaction' ? 'method' : `'${kind}'::text`} as method,
    amount, status, ${code} as code, ${receivedAmount} as received_amount, created_at`;
const afterCursor = (kind: string) =>
  `($2::timestamptz is null or (created_at, '${kind}'::text, id) < ($2::timestamptz, $3::text, $4::uuid))
   and created_at >= $6::timestamptz and created_at < $7::timestamptz`;

/** Whose history: a member's, or a guest's on the device they gave from (decision 029). */
export type HistoryOwner = { userId: string } | { guestId: string };

// $1 is the owner: a member's entries, or a guest's that no account has taken yet.
const ownerCondition = { member: 'user_id = $1', guest: 'user_id is null and guest_id = $1' };

function historyPageSql(owner: string) {
  return `
select e.kind, e.id, e.type, e.method, e.amount, e.status, e.code, e.received_amount,
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
  r.id as receipt_id, r.year as receipt_year, r.number as receipt_number
from (
  (${entryColumns('transaction', 'reference', 'null::integer')}
   from transactions where ${owner} and ${afterCursor('transaction')}
   order by created_at desc, id desc limit $5)
  union all
  (${entryColumns('cash', 'code', 'received_amount')}
   from cash_offerings where ${owner} and not deleted and ${afterCursor('cash')}
   order by created_at desc, id desc limit $5)
  union all
  (${entryColumns('bank', 'code', 'null::integer')}
   from bank_transfers where ${owner} and not deleted and ${afterCursor('bank')}
   order by created_at desc, id desc limit $5)
) e
left join receipts r on r.entry_kind = e.kind and r.entry_id = e.id
order by e.created_at desc, e.kind desc, e.id desc
limit $5`;
}

/** Its name as a prepared statement on PostgreSQL (parsed and planned once per connection). */
export const HISTORY_PAGE_STATEMENT = 'history_page';
export const HISTORY_PAGE_SQL = historyPageSql(ownerCondition.member);
const GUEST_HISTORY_PAGE_STATEMENT = 'guest_history_page';
const GUEST_HISTORY_PAGE_SQL = historyPageSql(ownerCondition.guest);

/** A year's bounds (UTC: Ghana's time) as the statement takes them, [from, to). */
const yearBounds = (year: number | null) =>
  year === null
    ? ['-infinity', 'infinity']
    : [
        new Date(Date.UTC(year, 0, 1)).toISOString(),
        new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
      ];

/** The statement's parameters for a member's (or a guest's) page; a null year: every year. */
export function historyPageParams(
  ownerId: string,
  cursor: Cursor | null,
  year: number | null = null,
) {
  return [
    ownerId,
    cursor?.at ?? null,
    cursor?.kind ?? null,
    cursor?.id ?? null,
    HISTORY_PAGE_SIZE + 1,
    ...yearBounds(year),
  ];
}

// Every year the owner gave in, by gift type, in one statement: the years for the filter
// (a year with only failed gifts still has entries to list) and the chosen year's totals,
// confirmed (paid, received by the desk, found on the bank statement) and still waiting;
// deleted, failed and abandoned ones count for nothing. "Other" is one type, whatever the
// giver wrote. Years in UTC: Ghana's time.
function yearTotalsSql(owner: string) {
  const part = (table: string, confirmed: string, extra = '') => `
    select created_at, type, amount, status in (${confirmed}) as confirmed, status = 'pending' as waiting
    from ${table} where ${owner} ${extra}`;
  return `
select extract(year from created_at at time zone 'UTC')::integer as year, type,
  coalesce(sum(amount) filter (where confirmed), 0)::integer as confirmed,
  coalesce(sum(amount) filter (where waiting), 0)::integer as waiting
from (${part('transactions', "'success'")}
  union all ${part('cash_offerings', "'received'", 'and not deleted')}
  union all ${part('bank_transfers', "'matched'", 'and not deleted')}) g
group by 1, 2`;
}
const YEAR_TOTALS_SQL = {
  member: yearTotalsSql(ownerCondition.member),
  guest: yearTotalsSql(ownerCondition.guest),
};

interface YearTypeRow {
  year: number;
  type: OfferingType;
  confirmed: number;
  waiting: number;
}

/** The chosen year's totals, overall and per type, and the years to choose from. */
async function yearTotals(
  ctx: Pick<AppContext, 'database'>,
  owner: HistoryOwner,
  year: number,
  thisYear: number,
): Promise<{ yearToDate: YearToDate; years: number[] }> {
  const rows = await ctx.database.query<YearTypeRow>(
    'userId' in owner ? YEAR_TOTALS_SQL.member : YEAR_TOTALS_SQL.guest,
    [ownerIdOf(owner)],
  );
  const years = [...new Set([thisYear, ...rows.map((r) => Number(r.year))])].sort((a, b) => b - a);
  const byType = rows
    .filter((r) => Number(r.year) === year && (r.confirmed > 0 || r.waiting > 0))
    .map((r) => ({ type: r.type, confirmed: Number(r.confirmed), waiting: Number(r.waiting) }))
    .sort((a, b) => OFFERING_TYPES.indexOf(a.type) - OFFERING_TYPES.indexOf(b.type));
  const sum = (key: 'confirmed' | 'waiting') => byType.reduce((total, t) => total + t[key], 0);
  return {
    yearToDate: { year, confirmed: sum('confirmed'), waiting: sum('waiting'), byType },
    years,
  };
}

const ownerIdOf = (owner: HistoryOwner) => ('userId' in owner ? owner.userId : owner.guestId);

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
 * One page of the owner's card and mobile-money gifts, cash and bank entries (deleted ones
 * left out) of one year (this year when none is given), newest first, in one statement; the
 * first page also carries that year's totals and the years there are.
 */
export async function listHistory(
  ctx: Pick<AppContext, 'database'>,
  owner: HistoryOwner,
  { cursor = null, year }: { cursor?: Cursor | null; year?: number | null } = {},
  now = new Date(),
): Promise<HistoryPage> {
  const member = 'userId' in owner;
  const thisYear = now.getUTCFullYear();
  const chosen = year ?? thisYear;
  const rows = await ctx.database.query<PageRow>(
    member ? HISTORY_PAGE_SQL : GUEST_HISTORY_PAGE_SQL,
    historyPageParams(ownerIdOf(owner), cursor, chosen),
    member ? HISTORY_PAGE_STATEMENT : GUEST_HISTORY_PAGE_STATEMENT,
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
      // Deleting needs an account (spec §6: the owner); a guest's entry stays as given.
      deletable: member && r.kind === 'cash' && r.status === 'pending',
      receipt:
        member && r.receipt_id !== null && r.status === CONFIRMED[r.kind]
          ? { id: r.receipt_id, number: receiptNumber(r.receipt_year!, r.receipt_number!) }
          : null,
      receivedAmount: r.kind === 'cash' && r.status === 'flagged' ? r.received_amount : null,
    })),
    next:
      rows.length > HISTORY_PAGE_SIZE && last
        ? encodeCursor({ at: last.at, kind: last.kind, id: last.id })
        : null,
    ...(cursor ? {} : await yearTotals(ctx, owner, chosen, thisYear)),
  };
}

/** What a guest gave on this device that no account has taken yet. */
export async function guestGiftsSummary(ctx: Ctx, guestId: string): Promise<GuestGifts> {
  const tables = [transactions, cashOfferings, bankTransfers] as const;
  let count = 0;
  let amount = 0;
  for (const table of tables) {
    const [row] = await ctx.db
      .select({
        count: sql<number>`count(*)::integer`,
        amount: sql<number>`coalesce(sum(${table.amount}), 0)::integer`,
      })
      .from(table)
      .where(and(isNull(table.userId), eq(table.guestId, guestId)));
    count += Number(row?.count ?? 0);
    amount += Number(row?.amount ?? 0);
  }
  return { count, amount };
}

/**
 * Gives a new account the gifts its owner made as a guest on this device: only that device's,
 * only those no account has yet (so once). Returns how many.
 */
export async function attachGuestGifts(ctx: Ctx, guestId: string, userId: string) {
  let attached = 0;
  await ctx.db.transaction(async (tx) => {
    for (const table of [transactions, cashOfferings, bankTransfers] as const) {
      const rows = await tx
        .update(table)
        .set({ userId })
        .where(and(isNull(table.userId), eq(table.guestId, guestId)))
        .returning({ id: table.id });
      attached += rows.length;
    }
    // Their receipts follow them.
    await tx.execute(sql`
      update receipts set user_id = ${userId}
      where user_id is null and (
        (entry_kind = 'transaction' and entry_id in (select id from transactions where guest_id = ${guestId} and user_id = ${userId}))
        or (entry_kind = 'cash' and entry_id in (select id from cash_offerings where guest_id = ${guestId} and user_id = ${userId}))
        or (entry_kind = 'bank' and entry_id in (select id from bank_transfers where guest_id = ${guestId} and user_id = ${userId})))`);
  });
  return attached;
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
  if (deleted.length === 0) throw new AppError(404, 'NOT_FOUND', m.server_history_no_cash());
}
