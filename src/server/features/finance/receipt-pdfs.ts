import { and, eq } from 'drizzle-orm';
import { formatCedis, formatLongDate } from '../../../shared/format.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { receipts } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { renderPdf, type PdfBlock } from '../../platform/pdf.ts';
import { loadReceiptGifts, receiptFacts } from './receipts.service.ts';

// A receipt and a year's giving statement as PDFs, for their member.

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
