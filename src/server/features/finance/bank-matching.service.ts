import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { bankStatementLines, bankTransfers } from '../../db/schema.ts';
import { recordAudit, type Actor, type DbOrTx } from './audit.service.ts';
import type { FinanceCaller } from '../../core/guards.ts';
import { scopeCondition } from './officers.service.ts';
import { issueReceipt } from './receipts.service.ts';

// Bank matching (issue 12): the bank's statement export is uploaded; credit lines whose
// description carries a BT- code of an open entry with the same amount are matched at once;
// the rest wait for a manual match. A file's bytes are imported once, and a line already
// imported from another (overlapping) export is not imported again.
//
// Statement lines are the church's bank data, visible to every finance officer (they are
// needed to match by hand). Matching touches only entries in the caller's assemblies, and a
// line matched to another assembly's entry is not shown to an officer of other assemblies.
//
// This file: matching a line to an entry, and the automatic matching of a caller's lines.
// bank-mappings.ts, import-statement.ts, statement-lines.ts, manual-matching.ts.

export type Ctx = Pick<
  AppContext,
  'db' | 'mailer' | 'sms' | 'church' | 'config' | 'log' | 'secrets' | 'now'
>;

type Line = typeof bankStatementLines.$inferSelect;
type Entry = typeof bankTransfers.$inferSelect;

/** Joins a line and an entry (both locked by the caller), receipts the entry, audits. */
export async function matchLine(
  tx: DbOrTx,
  actor: Actor,
  line: Line,
  entry: Entry,
  kind: 'auto' | 'manual',
): Promise<string | null> {
  const now = new Date();
  await tx
    .update(bankStatementLines)
    .set({
      bankTransferId: entry.id,
      matchKind: kind,
      matchedBy: actor.id,
      matchedAt: now,
      note: null,
    })
    .where(eq(bankStatementLines.id, line.id));
  await tx
    .update(bankTransfers)
    .set({ status: 'matched', matchedAt: now })
    .where(eq(bankTransfers.id, entry.id));
  await recordAudit(tx, actor, {
    action: 'match',
    subjectKind: 'bank',
    subjectId: entry.code ?? entry.id,
    assembly: entry.assembly,
    previous: { status: entry.status, line: null },
    next: {
      status: 'matched',
      kind,
      line: {
        id: line.id,
        bookedOn: line.bookedOn,
        amount: line.amount,
        description: line.description,
      },
    },
  });
  return issueReceipt(
    tx,
    {
      kind: 'bank',
      id: entry.id,
      userId: entry.userId,
      guestPhone: entry.userId ? null : entry.phone,
    },
    now,
  );
}

/** Matches made per transaction: between batches, other members' requests get through. */
export const MATCH_BATCH = 100;

// A BT- code as bankCodesIn (statement-csv.ts) reads it: descriptions are stored with their
// spaces squeezed to one, so "[- ]?" covers its "[-\s]?".
const CODE_PATTERN = '(?<![A-Za-z0-9])[Bb][Tt][- ]?([0-9]{5})(?![0-9])';

/**
 * Every unmatched line carrying a BT- code (those just imported and earlier ones an officer of
 * other assemblies could not match), judged against the caller's open entries in one
 * statement: the line's codes in order of appearance, the entry of its one code, and which
 * line comes first for an entry several lines name.
 */
/** Where a chunk of lines starts (after) or ends (at), in the order lines are matched in. */
interface LineCursor {
  bookedOn: string;
  lineNumber: number;
  id: string;
}

const FIRST: LineCursor = {
  bookedOn: '0001-01-01',
  lineNumber: -1,
  id: '00000000-0000-0000-0000-000000000000',
};

const after = (c: LineCursor) =>
  sql`(l.booked_on, l.line_number, l.id) > (${c.bookedOn}::date, ${c.lineNumber}::int, ${c.id}::uuid)`;
const atMost = (c: LineCursor) =>
  sql`(l.booked_on, l.line_number, l.id) <= (${c.bookedOn}::date, ${c.lineNumber}::int, ${c.id}::uuid)`;

function judgedLines(caller: FinanceCaller, from: LineCursor, to: LineCursor) {
  const visible = scopeCondition(caller.scope, bankTransfers.assembly) ?? sql`true`;
  // The note is what happened and its codes (line-notes.ts), worded when the line is read.
  const notFound = caller.scope.all ? sql`'not_found'` : sql`'not_found_in_scope'`;
  return sql`
    with coded as (
      select l.id, l.note, l.booked_on, l.line_number, l.amount,
        array(
          select 'BT-' || x.m[1]
          from regexp_matches(l.description, ${CODE_PATTERN}, 'g') with ordinality as x(m, n)
          group by x.m[1] order by min(x.n)
        ) as codes
      from ${bankStatementLines} l
      where l.bank_transfer_id is null and l.description ~* 'BT[- ]?[0-9]{5}'
        and ${after(from)} and ${atMost(to)}
    ),
    joined as (
      select coded.*, ${bankTransfers.id} as entry_id, ${bankTransfers.status} as entry_status,
        ${bankTransfers.amount} as entry_amount,
        (${bankTransfers.id} is not null and ${visible}) as visible
      from coded
      left join ${bankTransfers}
        on cardinality(coded.codes) = 1 and ${bankTransfers.code} = coded.codes[1]
          and ${bankTransfers.deleted} = false
    ),
    ranked as (
      select joined.*,
        (visible and entry_status <> 'matched' and entry_amount = amount) as candidate,
        row_number() over (
          partition by case when visible and entry_status <> 'matched' and entry_amount = amount
            then entry_id end
          order by booked_on, line_number
        ) as nth
      from joined
    )
    select id, note as old_note, entry_id, candidate and nth = 1 as to_match,
      case
        when cardinality(codes) = 0 then jsonb_build_object('kind', 'no_code')
        when cardinality(codes) > 1
          then jsonb_build_object('kind', 'several_codes', 'codes', to_jsonb(codes))
        when not visible then jsonb_build_object('kind', ${notFound}::text, 'code', codes[1])
        when entry_status = 'matched' or (candidate and nth > 1)
          then jsonb_build_object('kind', 'already_matched', 'code', codes[1])
        when entry_amount <> amount
          then jsonb_build_object(
            'kind', 'amount_differs', 'code', codes[1], 'amount', entry_amount)
      end as note
    from ranked`;
}

/**
 * Set-based automatic matching (issue 31): one statement writes every note that changed, one
 * finds the pairs to match; the pairs are then matched (receipt and audit each) in bounded
 * transactions, each line and entry locked and checked again, so a concurrent match or
 * unmatch is never overwritten.
 */
export async function autoMatch(ctx: Pick<AppContext, 'db'>, caller: FinanceCaller) {
  const receiptIds: string[] = [];
  let matched = 0;
  // Lines in chunks of MATCH_CHUNK, earliest first: each chunk is judged, noted and matched
  // before the next is read, so the earliest line naming an entry wins it, as one by one.
  let from = FIRST;
  for (;;) {
    const rows = (
      (await ctx.db.execute(sql`
        select l.booked_on::text as "bookedOn", l.line_number as "lineNumber", l.id::text as id
        from ${bankStatementLines} l
        where l.bank_transfer_id is null and l.description ~* 'BT[- ]?[0-9]{5}' and ${after(from)}
        order by l.booked_on, l.line_number, l.id
        offset ${MATCH_CHUNK - 1} limit 1`)) as unknown as { rows: LineCursor[] }
    ).rows;
    // The last chunk ends wherever the lines end.
    const to = rows[0] ?? {
      bookedOn: '9999-12-31',
      lineNumber: 2 ** 31 - 1,
      id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
    };
    matched += await matchChunk(ctx, caller, from, to, receiptIds);
    if (!rows[0]) break;
    from = to;
  }
  return { matched, receiptIds };
}

/** Lines judged (and their notes written) in one statement each. */
export const MATCH_CHUNK = 1000;

async function matchChunk(
  ctx: Pick<AppContext, 'db'>,
  caller: FinanceCaller,
  from: LineCursor,
  to: LineCursor,
  receiptIds: string[],
) {
  const judged = judgedLines(caller, from, to);
  await ctx.db.execute(sql`
    with judged as (${judged})
    update ${bankStatementLines} set note = judged.note
    from judged
    where ${bankStatementLines.id} = judged.id and not judged.to_match
      and judged.note is not null and judged.note is distinct from judged.old_note`);
  const pairs = (
    (await ctx.db.execute(sql`
      with judged as (${judged})
      select id as "lineId", entry_id as "entryId" from judged where to_match`)) as unknown as {
      rows: { lineId: string; entryId: string }[];
    }
  ).rows;

  let matched = 0;
  for (let i = 0; i < pairs.length; i += MATCH_BATCH) {
    await ctx.db.transaction(async (tx) => {
      for (const pair of pairs.slice(i, i + MATCH_BATCH)) {
        const [line] = await tx
          .select()
          .from(bankStatementLines)
          .where(
            and(eq(bankStatementLines.id, pair.lineId), isNull(bankStatementLines.bankTransferId)),
          )
          .for('update', { skipLocked: true });
        const [entry] = line
          ? await tx
              .select()
              .from(bankTransfers)
              .where(and(eq(bankTransfers.id, pair.entryId), eq(bankTransfers.deleted, false)))
              .for('update', { skipLocked: true })
          : [];
        if (!line || !entry || entry.status === 'matched' || entry.amount !== line.amount) continue;
        const receiptId = await matchLine(tx, caller.actor, line, entry, 'auto');
        if (receiptId) receiptIds.push(receiptId);
        matched++;
      }
    });
  }
  return matched;
}
