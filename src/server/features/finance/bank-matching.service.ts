import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Bank } from '../../../shared/constants.ts';
import { formatCedis, formatDate } from '../../../shared/format.ts';
import {
  FINANCE_MESSAGES,
  type BankEntryCandidate,
  type BankMapping,
  type FinanceScope,
  type StatementLineView,
  type StatementUploadResult,
} from '../../../shared/schemas/finance.ts';
import type { AppContext } from '../../context.ts';
import {
  assemblies,
  bankStatementLines,
  bankStatementMappings,
  bankStatements,
  bankTransfers,
  users,
} from '../../db/schema.ts';
import { assertStorableText } from '../../http/edge.ts';
import { AppError } from '../../http/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { recordAudit, type Actor, type DbOrTx } from './audit.service.ts';
import type { FinanceCaller } from '../../core/guards.ts';
import { inScope, scopeCondition } from './officers.service.ts';
import { deliverReceipt, issueReceipt } from './receipts.service.ts';
import { lineNoteText, NO_CODE_NOTE, UNMATCHED_NOTE } from './line-notes.ts';
import { bankCodesIn, readStatement, StatementError } from './statement-csv.ts';
import { m } from '../../../paraglide/messages.js';

// Bank matching (issue 12): the bank's statement export is uploaded; credit lines whose
// description carries a BT- code of an open entry with the same amount are matched at once;
// the rest wait for a manual match. A file's bytes are imported once, and a line already
// imported from another (overlapping) export is not imported again.
//
// Statement lines are the church's bank data, visible to every finance officer (they are
// needed to match by hand). Matching touches only entries in the caller's assemblies, and a
// line matched to another assembly's entry is not shown to an officer of other assemblies.

type Ctx = Pick<
  AppContext,
  'db' | 'mailer' | 'sms' | 'church' | 'config' | 'log' | 'secrets' | 'now'
>;

export async function listMappings(
  ctx: Pick<AppContext, 'db'>,
): Promise<Partial<Record<Bank, BankMapping>>> {
  const rows = await ctx.db.select().from(bankStatementMappings);
  return Object.fromEntries(
    rows.map((r) => [
      r.bank,
      {
        dateColumn: r.dateColumn,
        descriptionColumn: r.descriptionColumn,
        amountColumn: r.amountColumn,
      },
    ]),
  );
}

export async function saveMapping(ctx: Ctx, actor: Actor, bank: Bank, mapping: BankMapping) {
  await ctx.db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(bankStatementMappings)
      .where(eq(bankStatementMappings.bank, bank))
      .for('update');
    await tx
      .insert(bankStatementMappings)
      .values({ bank, ...mapping, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: bankStatementMappings.bank,
        set: { ...mapping, updatedBy: actor.id, updatedAt: new Date() },
      });
    await recordAudit(tx, actor, {
      action: 'mapping_save',
      subjectKind: 'bank_mapping',
      subjectId: bank,
      previous: previous
        ? {
            dateColumn: previous.dateColumn,
            descriptionColumn: previous.descriptionColumn,
            amountColumn: previous.amountColumn,
          }
        : null,
      next: mapping,
    });
  });
  return mapping;
}

type Line = typeof bankStatementLines.$inferSelect;
type Entry = typeof bankTransfers.$inferSelect;

/** Joins a line and an entry (both locked by the caller), receipts the entry, audits. */
async function matchLine(
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
async function autoMatch(ctx: Pick<AppContext, 'db'>, caller: FinanceCaller) {
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
      `${FINANCE_MESSAGES.duplicateFile} ${
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
    if (!saved) throw new AppError(409, 'DUPLICATE_FILE', FINANCE_MESSAGES.duplicateFile);
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
  return new AppError(409, 'MAPPING_NEEDED', FINANCE_MESSAGES.mappingNeeded, {
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
