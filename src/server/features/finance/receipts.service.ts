import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReceiptEntryKind } from '../../../shared/constants.ts';
import { formatCedis, formatGhs, formatLongDate } from '../../../shared/format.ts';
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
import { AppError } from '../../http/errors.ts';
import { currentLocale, inLocale } from '../../platform/locale.ts';
import { renderPdf, type PdfBlock } from '../../platform/pdf.ts';
import { provenPhone, reachOf } from '../../platform/sms/sms.ts';
import { notify } from '../../core/notify.ts';
import type { DbOrTx } from './audit.service.ts';

// Receipts (issue 12): one per confirmed gift, ever — a provider's success, cash received at
// the desk, or a bank entry matched to a statement line. Numbered per year without gaps
// (the counter moves in the confirming transaction). The mail goes out after the
// confirmation commits; a receipt whose mail failed is retried by the background job, and a
// claim (`sending_at`) keeps two instances from sending the same one. A member who chose
// SMS on the profile, or has no email (or a guest who gave by mobile money without an email),
// gets it by SMS, with its own claim and retry (issue 32, decision 054).

type Ctx = Pick<
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
interface ReceiptGift {
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

const typeLabel = (type: string, otherType: string | null) =>
  otherType ?? OFFERING_TYPE_LABELS[type as keyof typeof OFFERING_TYPE_LABELS] ?? type;

async function loadReceiptGifts(
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

function receiptFacts(ctx: Pick<AppContext, 'church'>, gift: ReceiptGift): [string, string][] {
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

function receiptMail(ctx: Ctx, gift: ReceiptGift) {
  const facts = receiptFacts(ctx, gift)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  return {
    subject: m.mail_finance_receipt_subject({
      number: gift.number,
      church: ctx.church.registeredName,
    }),
    text: m.mail_finance_receipt_text({
      church: ctx.church.registeredName,
      facts,
      url: `${ctx.config.publicUrl}/payment-history`,
    }),
  };
}

/** The receipt by SMS: the facts that matter in one GSM-7 segment where the names allow. */
export function receiptSms(ctx: Pick<AppContext, 'church' | 'config'>, gift: ReceiptGift) {
  return (
    m.sms_finance_receipt({
      church: ctx.church.registeredName,
      number: gift.number,
      amount: formatCedis(gift.amount),
      type: gift.type,
      method: PAYMENT_METHOD_LABELS[gift.method],
      date: formatLongDate(gift.receivedOn),
    }) + (gift.userId ? ` ${ctx.config.publicUrl}/payment-history` : '')
  );
}

/** Each way a receipt goes out: where to, its claim and sent columns, and how it is sent. */
const channels = {
  mail: {
    to: receipts.email,
    sending: receipts.sendingAt,
    sent: receipts.sentAt,
    keys: { sending: 'sendingAt', sent: 'sentAt' },
    send: (ctx: Ctx, gift: ReceiptGift, to: string) =>
      ctx.mailer.send({ ...receiptMail(ctx, gift), to }),
  },
  sms: {
    to: receipts.phone,
    sending: receipts.smsSendingAt,
    sent: receipts.smsSentAt,
    keys: { sending: 'smsSendingAt', sent: 'smsSentAt' },
    send: (ctx: Ctx, gift: ReceiptGift, to: string) =>
      ctx.sms.send({ to, text: receiptSms(ctx, gift) }),
  },
} as const;
type Channel = keyof typeof channels;

/**
 * The language a receipt is written in: its member's (users.locale); a guest's, the language of
 * the request that confirms it while they wait (the card's return, the USSD session), else
 * English (the background job, a provider's webhook and the desk have none of theirs).
 */
async function receiptLocale(ctx: Pick<AppContext, 'db'>, receiptId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ userId: receipts.userId, locale: users.locale })
    .from(receipts)
    .leftJoin(users, eq(users.id, receipts.userId))
    .where(eq(receipts.id, receiptId));
  return row?.userId ? (row.locale ?? 'en') : currentLocale();
}

/**
 * Sends one receipt by one channel unless it was sent already or another instance is sending
 * it now. Never throws: a failure is logged and retried by `deliverPendingReceipts`.
 */
async function deliverBy(ctx: Ctx, channel: Channel, receiptId: string): Promise<boolean> {
  const c = channels[channel];
  const { sending: column, sent: sentColumn } = c.keys;
  try {
    const claimed = await ctx.db
      .update(receipts)
      .set({ [column]: new Date() })
      .where(
        and(
          eq(receipts.id, receiptId),
          isNull(c.sent),
          isNotNull(c.to),
          or(isNull(c.sending), lt(c.sending, new Date(Date.now() - 10 * 60 * 1000))),
        ),
      )
      .returning({ to: c.to });
    const to = claimed[0]?.to;
    if (!to) return false;
    const locale = await receiptLocale(ctx, receiptId);
    // Read and written in the giver's language: the type and method labels are the catalogue's.
    await inLocale(locale, async () => {
      const [gift] = await loadReceiptGifts(ctx, and(eq(receipts.id, receiptId)));
      if (gift) await c.send(ctx, gift, to);
    });
    await ctx.db
      .update(receipts)
      .set({ [sentColumn]: new Date() })
      .where(eq(receipts.id, receiptId));
    return true;
  } catch (error) {
    ctx.log.error({ err: error, receiptId, channel }, 'receipt not sent; it will be retried');
    await ctx.db
      .update(receipts)
      .set({ [column]: null })
      .where(and(eq(receipts.id, receiptId), isNull(c.sent)))
      .catch(() => {});
    return false;
  }
}

/**
 * Sends a receipt by mail and by SMS, as it asks, and tells a member's devices by push (the
 * gift-confirmed notice, decision 041). True when the mail or SMS went out.
 */
export async function deliverReceipt(ctx: Ctx, receiptId: string): Promise<boolean> {
  const mailed = await deliverBy(ctx, 'mail', receiptId);
  const texted = await deliverBy(ctx, 'sms', receiptId);
  try {
    const [gift] = await loadReceiptGifts(ctx, eq(receipts.id, receiptId));
    if (gift?.userId) {
      await notify(ctx, {
        userId: gift.userId,
        kind: 'gift.confirmed',
        key: receiptId,
        url: '/payment-history',
        texts: () => ({
          title: m.server_finance_gift_notice_title({ amount: formatCedis(gift.amount) }),
          body: m.server_finance_gift_notice_body({
            type: typeLabel(gift.rawType, gift.otherType),
            number: gift.number,
          }),
        }),
      });
    }
  } catch (error) {
    ctx.log.warn({ err: error, receiptId }, 'the gift notice was not written');
  }
  return mailed || texted;
}

/** The background job's part: receipts whose mail or SMS has not gone out yet. */
export async function deliverPendingReceipts(ctx: Ctx): Promise<number> {
  let sent = 0;
  for (const channel of ['mail', 'sms'] as const) {
    const c = channels[channel];
    const unsent = await ctx.db
      .select({ id: receipts.id })
      .from(receipts)
      .where(and(isNull(c.sent), isNotNull(c.to)))
      .orderBy(asc(receipts.createdAt))
      .limit(50);
    for (const { id } of unsent) if (await deliverBy(ctx, channel, id)) sent++;
  }
  return sent;
}

const churchHeader = (ctx: Pick<AppContext, 'church'>) => ({
  name: ctx.church.registeredName,
  lines: ctx.church.churchName !== ctx.church.registeredName ? [ctx.church.churchName] : [],
});

/** The receipt as a PDF, for its owner only, while the gift stands confirmed. */
export async function receiptPdf(
  ctx: Pick<AppContext, 'db' | 'church'>,
  userId: string,
  receiptId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const [gift] = await loadReceiptGifts(
    ctx,
    and(eq(receipts.id, receiptId), eq(receipts.userId, userId)),
  );
  if (!gift || !gift.confirmed) {
    throw new AppError(404, 'NOT_FOUND', m.server_finance_no_receipt());
  }
  const pdf = await renderPdf({
    title: m.pdf_finance_receipt_title({ number: gift.number }),
    header: churchHeader(ctx),
    blocks: [
      { kind: 'paragraph', text: m.pdf_finance_receipt_thanks() },
      { kind: 'facts', items: receiptFacts(ctx, gift) },
    ],
    footer: m.pdf_finance_receipt_footer({
      church: ctx.church.registeredName,
      date: formatLongDate(gift.givenAt),
    }),
  });
  return { fileName: `receipt-${gift.number}.pdf`, pdf };
}

/** The member's giving statement for one year: every gift receipted that year. */
export async function statementPdf(
  ctx: Pick<AppContext, 'db' | 'church'>,
  user: { id: string; name: string },
  year: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const gifts = (
    await loadReceiptGifts(ctx, and(eq(receipts.userId, user.id), eq(receipts.year, year)))
  ).filter((g) => g.confirmed);
  const total = gifts.reduce((sum, g) => sum + g.amount, 0);
  const blocks: PdfBlock[] = [
    {
      kind: 'facts',
      items: [
        [m.pdf_finance_member(), user.name],
        [m.pdf_finance_year(), String(year)],
      ],
    },
  ];
  if (gifts.length === 0) {
    blocks.push({ kind: 'paragraph', text: m.pdf_finance_no_gifts({ year: String(year) }) });
  } else {
    blocks.push({
      kind: 'table',
      columns: [
        { header: m.pdf_finance_date(), width: 80 },
        { header: m.pdf_finance_receipt(), width: 85 },
        { header: m.pdf_finance_type() },
        { header: m.pdf_finance_method(), width: 85 },
        { header: m.pdf_finance_amount_ghs(), align: 'right', width: 85 },
      ],
      rows: gifts.map((g) => [
        formatLongDate(g.receivedOn),
        g.number,
        g.type,
        PAYMENT_METHOD_LABELS[g.method],
        formatCedis(g.amount),
      ]),
      footer: [
        '',
        '',
        m.pdf_finance_gift_count({ count: gifts.length }),
        m.pdf_finance_total(),
        formatCedis(total),
      ],
    });
  }
  blocks.push({
    kind: 'paragraph',
    muted: true,
    text: m.pdf_finance_statement_note(),
  });
  blocks.push({
    kind: 'signatures',
    lines: [{ role: m.pdf_finance_officer() }, { role: m.pdf_finance_date() }],
  });
  const pdf = await renderPdf({
    title: m.pdf_finance_statement_title({ year: String(year) }),
    header: churchHeader(ctx),
    blocks,
    footer: m.pdf_finance_statement_footer({ church: ctx.church.registeredName }),
  });
  return { fileName: `giving-statement-${year}.pdf`, pdf };
}

/** The years the member has receipts in, newest first. */
export async function statementYears(ctx: Pick<AppContext, 'db'>, userId: string) {
  const rows = await ctx.db
    .selectDistinct({ year: receipts.year })
    .from(receipts)
    .where(eq(receipts.userId, userId));
  return rows.map((r) => r.year).sort((a, b) => b - a);
}
