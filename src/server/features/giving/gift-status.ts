import { and, eq, lt } from 'drizzle-orm';
import type { GiftStatus, GiftStatusView } from '../../../shared/schemas/giving.ts';
import { transactions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { findOwnGift, trail, type Ctx } from './giving.service.ts';
import { verifyWithProvider } from './credit-gift.ts';

// A pending gift's status: asked by the browser, hinted by Moolre's callback, closed by the
// reconciler.

/** The gift's status for the browser; a pending one is re-checked with the provider (at most every 5 s). */
export async function getGiftStatus(
  ctx: Ctx,
  reference: string,
  userId: string | null,
): Promise<GiftStatusView> {
  const gift = await findOwnGift(ctx, reference, userId);
  let status = gift.status as GiftStatus;
  if (status === 'pending') {
    const { allowed } = await consumeRateLimit(ctx.db, `verify:${reference}`, 1, 5_000);
    if (allowed) {
      try {
        status = (await verifyWithProvider(ctx, gift, 'status-check')) ?? status;
      } catch (error) {
        ctx.log.warn({ err: error, reference }, 'status check with provider failed; will retry');
      }
    }
  }
  return { reference, method: gift.method as 'card' | 'momo', amount: gift.amount, status };
}

/** Moolre's callback is only a hint: check its secret, then ask the status API before crediting. */
export async function handleMoolreCallback(ctx: Ctx, payload: unknown) {
  const body = (payload ?? {}) as {
    secret?: unknown;
    externalref?: unknown;
    data?: { secret?: unknown; externalref?: unknown };
  };
  const secret = body.secret ?? body.data?.secret;
  if (!ctx.payments.momo.checkCallbackSecret(secret)) {
    throw new AppError(401, 'BAD_SECRET', 'Invalid callback secret.');
  }
  const reference = body.data?.externalref ?? body.externalref;
  if (typeof reference !== 'string') return;
  const [gift] = await ctx.db
    .select({ reference: transactions.reference, method: transactions.method })
    .from(transactions)
    .where(eq(transactions.reference, reference));
  if (!gift || gift.method !== 'momo') return;
  await ctx.db
    .update(transactions)
    .set({ providerResponse: trail('callback', payload), updatedAt: new Date() })
    .where(eq(transactions.reference, reference));
  await verifyWithProvider(ctx, gift, 'status-after-callback');
}

/**
 * Re-checks pending gifts with their provider; those still pending after the configured
 * time are closed (card: abandoned, mobile money: failed). Returns what it did.
 */
export async function reconcilePendingGifts(ctx: Ctx, now = new Date()) {
  const olderThan = new Date(now.getTime() - 20_000);
  const pending = await ctx.db
    .select({
      reference: transactions.reference,
      method: transactions.method,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(and(eq(transactions.status, 'pending'), lt(transactions.createdAt, olderThan)))
    .limit(200);
  const summary = { checked: 0, credited: 0, failed: 0, expired: 0 };
  for (const gift of pending) {
    summary.checked++;
    let status: GiftStatus | null = 'pending';
    try {
      status = await verifyWithProvider(ctx, gift, 'reconciler');
    } catch (error) {
      ctx.log.warn(
        { err: error, reference: gift.reference },
        'reconciler could not reach the provider',
      );
    }
    if (status === 'success') summary.credited++;
    else if (status === 'failed') summary.failed++;
    else if (now.getTime() - gift.createdAt.getTime() > ctx.config.giving.pendingTimeoutMs) {
      await ctx.db
        .update(transactions)
        .set({
          status: gift.method === 'card' ? 'abandoned' : 'failed',
          providerResponse: trail('reconciler:timeout', {
            pendingSince: gift.createdAt.toISOString(),
          }),
          updatedAt: new Date(),
        })
        .where(and(eq(transactions.reference, gift.reference), eq(transactions.status, 'pending')));
      summary.expired++;
    }
  }
  return summary;
}
