import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { formatCedis, formatLongDate } from '../../../shared/format.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { receipts, users } from '../../db/schema.ts';
import { currentLocale, inLocale } from '../../platform/locale.ts';
import { notify } from '../../core/notify.ts';
import {
  loadReceiptGifts,
  receiptFacts,
  typeLabel,
  type Ctx,
  type ReceiptGift,
} from './receipts.service.ts';

// A receipt's delivery: by mail and SMS, each claimed before it is sent and retried by the job,
// in the reader's language.

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
