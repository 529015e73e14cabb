import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReceiptEntryKind } from '../../../shared/constants.ts';
import { formatGhs, formatLongDate } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '../../../shared/schemas/giving.ts';
import { receiptNumber } from '../../../shared/schemas/finance.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import {
  assemblies,
  bankStatementLines,
  bankTransfers,
  cashOfferings,
  receiptCounters,
  receipts,
  transactions,
  users,
} from '../../db/schema.ts';
import { provenPhone, reachOf } from '../../platform/sms/sms.ts';
import type { DbOrTx } from './audit.service.ts';

// Receipts (issue 12): one per confirmed gift, ever — a provider's success, cash received at
// the desk, or a bank entry matched to a statement line. Numbered per year without gaps
// (the counter moves in the confirming transaction). The mail goes out after the
// confirmation commits; a receipt whose mail failed is retried by the background job, and a
// claim (`sending_at`) keeps two instances from sending the same one. A member who chose
// SMS on the profile, or has no email (or a guest who gave by mobile money without an email),
// gets it by SMS, with its own claim and retry (issue 32, decision 054).
//
// This file: issuing a receipt and reading its gift. receipt-delivery.ts, receipt-pdfs.ts.

export type Ctx = Pick<
  AppContext,
  'db' | 'mailer' | 'sms' | 'church' | 'config' | 'log' | 'secrets' | 'now'
>;

/**
 * Issues the receipt for a gift that has just been confirmed, inside the confirming
 * transaction (which holds the gift's row lock). Returns its id, or null when the gift
 * already has one (a replayed webhook, a re-match after an unmatch).
 */
export async function issueReceipt(
  tx: DbOrTx,
  gift: {
    kind: ReceiptEntryKind;
    id: string;
    userId: string | null;
    guestEmail?: string | null;
    /** A guest's mobile-money number: the receipt goes there by SMS when there is no email. */
    guestPhone?: string | null;
  },
  confirmedAt = new Date(),
): Promise<string | null> {
  const [existing] = await tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.entryKind, gift.kind), eq(receipts.entryId, gift.id)));
  if (existing) return null;
  const year = confirmedAt.getUTCFullYear();
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { last: sql`${receiptCounters.last} + 1` },
    })
    .returning({ last: receiptCounters.last });
  let email = gift.guestEmail ?? null;
  // A guest's number proved itself: the USSD gateway's caller, or the payer who approved it.
  let phone = email ? null : (gift.guestPhone ?? null);
  if (gift.userId) {
    const [user] = await tx
      .select({ email: users.email, phone: provenPhone, channel: users.receiptChannel })
      .from(users)
      .where(eq(users.id, gift.userId));
    // As chosen, among what reaches them: SMS needs a proved number, mail a real address;
    // a choice that reaches nobody falls back to the channel that does (decision 054).
    ({ email, phone } = reachOf(user));
  }
  const [row] = await tx
    .insert(receipts)
    .values({
      year,
      number: counter!.last,
      entryKind: gift.kind,
      entryId: gift.id,
      userId: gift.userId,
      email,
      phone,
      confirmedAt,
    })
    .returning({ id: receipts.id });
  return row!.id;
}

/** A confirmed gift as a receipt shows it. */
export interface ReceiptGift {
  receiptId: string;
  number: string;
  year: number;
  userId: string | null;
  email: string | null;
  sentAt: Date | null;
  name: string;
  assembly: string;
  /** The type as the language in force at loading names it; `rawType`/`otherType` as kept. */
  type: string;
  rawType: string;
  otherType: string | null;
  method: keyof typeof PAYMENT_METHOD_LABELS;
  amount: number;
  code: string | null;
  givenAt: Date;
  /** The day the money was received (cash), booked (bank) or paid (card, mobile money). */
  receivedOn: string;
  confirmed: boolean;
}

export const typeLabel = (type: string, otherType: string | null) =>
  otherType ?? OFFERING_TYPE_LABELS[type as keyof typeof OFFERING_TYPE_LABELS] ?? type;

export async function loadReceiptGifts(
  ctx: Pick<AppContext, 'db'>,
  where: ReturnType<typeof and>,
): Promise<ReceiptGift[]> {
  const rows = await ctx.db
    .select({
      receipt: receipts,
      tx: transactions,
      cash: cashOfferings,
      bank: bankTransfers,
      bookedOn: bankStatementLines.bookedOn,
      assemblyLabel: sql<string>`coalesce(${assemblies.label}, coalesce(${transactions.assembly}, ${cashOfferings.assembly}, ${bankTransfers.assembly}))`,
    })
    .from(receipts)
    .leftJoin(
      transactions,
      and(eq(receipts.entryKind, 'transaction'), eq(transactions.id, receipts.entryId)),
    )
    .leftJoin(
      cashOfferings,
      and(eq(receipts.entryKind, 'cash'), eq(cashOfferings.id, receipts.entryId)),
    )
    .leftJoin(
      bankTransfers,
      and(eq(receipts.entryKind, 'bank'), eq(bankTransfers.id, receipts.entryId)),
    )
    .leftJoin(bankStatementLines, eq(bankStatementLines.bankTransferId, bankTransfers.id))
    .leftJoin(
      assemblies,
      eq(
        assemblies.slug,
        sql`coalesce(${transactions.assembly}, ${cashOfferings.assembly}, ${bankTransfers.assembly})`,
      ),
    )
    .where(where)
    .orderBy(asc(receipts.year), asc(receipts.number));

  return rows.flatMap(({ receipt, tx, cash, bank, bookedOn, assemblyLabel }): ReceiptGift[] => {
    const base = {
      receiptId: receipt.id,
      number: receiptNumber(receipt.year, receipt.number),
      year: receipt.year,
      userId: receipt.userId,
      email: receipt.email,
      sentAt: receipt.sentAt,
      assembly: assemblyLabel,
    };
    if (tx) {
      return [
        {
          ...base,
          name: `${tx.firstName} ${tx.lastName}`,
          type: typeLabel(tx.type, tx.otherType),
          rawType: tx.type,
          otherType: tx.otherType,
          method: tx.method as 'card' | 'momo',
          amount: tx.amount,
          code: tx.reference,
          givenAt: tx.createdAt,
          receivedOn: (tx.paidAt ?? receipt.confirmedAt).toISOString().slice(0, 10),
          confirmed: tx.status === 'success',
        },
      ];
    }
    if (cash) {
      return [
        {
          ...base,
          name: `${cash.firstName} ${cash.lastName}`,
          type: typeLabel(cash.type, cash.otherType),
          rawType: cash.type,
          otherType: cash.otherType,
          method: 'cash' as const,
          amount: cash.amount,
          code: cash.code,
          givenAt: cash.createdAt,
          receivedOn: cash.receivedOn ?? receipt.confirmedAt.toISOString().slice(0, 10),
          confirmed: cash.status === 'received' && !cash.deleted,
        },
      ];
    }
    if (bank) {
      return [
        {
          ...base,
          name: `${bank.firstName} ${bank.lastName}`,
          type: typeLabel(bank.type, bank.otherType),
          rawType: bank.type,
          otherType: bank.otherType,
          method: 'bank' as const,
          amount: bank.amount,
          code: bank.code,
          givenAt: bank.createdAt,
          receivedOn: bookedOn ?? receipt.confirmedAt.toISOString().slice(0, 10),
          confirmed: bank.status === 'matched' && !bank.deleted,
        },
      ];
    }
    return [];
  });
}

export function receiptFacts(
  ctx: Pick<AppContext, 'church'>,
  gift: ReceiptGift,
): [string, string][] {
  return [
    [m.pdf_finance_receipt_number(), gift.number],
    [m.pdf_finance_received_from(), gift.name],
    [m.pdf_finance_amount(), formatGhs(gift.amount)],
    [m.pdf_finance_type(), gift.type],
    [m.pdf_finance_method(), PAYMENT_METHOD_LABELS[gift.method]],
    [m.pdf_finance_date(), formatLongDate(gift.receivedOn)],
    [m.pdf_finance_assembly(), gift.assembly],
    ...(gift.code
      ? [
          [
            gift.method === 'card' || gift.method === 'momo'
              ? m.pdf_finance_reference()
              : m.pdf_finance_code(),
            gift.code,
          ],
        ]
      : []),
    [m.pdf_finance_received_by(), ctx.church.registeredName],
  ] as [string, string][];
}
