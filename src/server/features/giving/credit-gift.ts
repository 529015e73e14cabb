import { eq } from 'drizzle-orm';
import type { GiftStatus } from '../../../shared/schemas/giving.ts';
import type { Db } from '../../db/client.ts';
import { transactions } from '../../db/schema.ts';
import type { Verification } from '../../platform/payments/types.ts';
import { deliverReceipt, issueReceipt } from '../finance/index.ts';
import { trail, type Ctx } from './giving.service.ts';

// Crediting a card or mobile-money gift: what the provider reported, checked, once.

/**
 * THE crediting rule, used by webhooks, callbacks, the callback page and the reconciler.
 * Locks the row; success needs the provider to report exactly our amount in GHS. Crediting
 * issues the gift's receipt in the same transaction, and mails it once that has committed.
 */
export async function applyVerification(
  ctx: Ctx,
  reference: string,
  result: Verification,
  source: string,
): Promise<GiftStatus | null> {
  let receiptId: string | null = null;
  const status = await creditGift(ctx.db, reference, result, source, ctx.log, (id) => {
    receiptId = id;
  });
  if (receiptId) await deliverReceipt(ctx, receiptId);
  return status;
}

async function creditGift(
  db: Db,
  reference: string,
  result: Verification,
  source: string,
  log: Ctx['log'],
  onReceipt: (receiptId: string | null) => void,
): Promise<GiftStatus | null> {
  return db.transaction(async (tx) => {
    const [gift] = await tx
      .select({
        id: transactions.id,
        status: transactions.status,
        amount: transactions.amount,
        userId: transactions.userId,
        email: transactions.email,
        phone: transactions.phone,
      })
      .from(transactions)
      .where(eq(transactions.reference, reference))
      .for('update');
    if (!gift) return null;
    if (gift.status === 'success') return 'success'; // already credited: duplicates change nothing

    if (result.status === 'success') {
      const amountOk = result.amount === gift.amount;
      const currencyOk = (result.currency ?? '').toUpperCase() === 'GHS';
      if (!amountOk || !currencyOk) {
        log.error(
          {
            reference,
            expected: gift.amount,
            reported: result.amount,
            currency: result.currency,
            source,
          },
          'provider reported success with another amount or currency: NOT credited',
        );
        await tx
          .update(transactions)
          .set({
            providerResponse: trail(`${source}:mismatch`, result.raw),
            updatedAt: new Date(),
          })
          .where(eq(transactions.reference, reference));
        return gift.status as GiftStatus;
      }
      await tx
        .update(transactions)
        .set({
          status: 'success',
          paidAt: new Date(),
          providerResponse: trail(source, result.raw),
          updatedAt: new Date(),
        })
        .where(eq(transactions.reference, reference));
      onReceipt(
        await issueReceipt(tx, {
          kind: 'transaction',
          id: gift.id,
          userId: gift.userId,
          // A guest's card gift is receipted to the email the card payment was made with;
          // a guest's mobile money without an email, by SMS to the number that paid.
          guestEmail: gift.userId ? null : gift.email,
          guestPhone: gift.userId ? null : gift.phone,
        }),
      );
      return 'success';
    }
    if (result.status === 'failed' && gift.status === 'pending') {
      await tx
        .update(transactions)
        .set({
          status: 'failed',
          providerResponse: trail(source, result.raw),
          updatedAt: new Date(),
        })
        .where(eq(transactions.reference, reference));
      return 'failed';
    }
    return gift.status as GiftStatus;
  });
}

export async function verifyWithProvider(
  ctx: Ctx,
  gift: { reference: string; method: string },
  source: string,
) {
  const result =
    gift.method === 'card'
      ? await ctx.payments.card.verify(gift.reference)
      : await ctx.payments.momo.checkStatus(gift.reference);
  return applyVerification(ctx, gift.reference, result, source);
}
