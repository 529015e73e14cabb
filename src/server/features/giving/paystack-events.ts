import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paystackEvents } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import {
  handleRenewalFailed,
  handleScheduleCharge,
  refreshSubscription,
} from '../recurring/index.ts';
import { applyVerification } from './credit-gift.ts';

// Paystack's signed webhook: one-off card gifts (charge.success) and recurring ones (plans
// and subscriptions, issue 33). Each event is handled once, by a hash of its body (Paystack
// retries and may send one twice); a failure forgets it, so Paystack's retry is handled.

type Ctx = Parameters<typeof handleScheduleCharge>[0] & Pick<AppContext, 'payments'>;

interface PaystackEvent {
  event?: unknown;
  data?: {
    reference?: unknown;
    amount?: unknown;
    currency?: unknown;
    status?: unknown;
    subscription_code?: unknown;
    subscription?: { subscription_code?: unknown } | null;
    [key: string]: unknown;
  };
}

const SUBSCRIPTION_EVENTS = new Set([
  'subscription.create',
  'subscription.disable',
  'subscription.not_renew',
  'subscription.expiring_cards',
  'invoice.create',
  'invoice.update',
  'invoice.payment_failed',
]);

export async function handlePaystackWebhook(
  ctx: Ctx,
  rawBody: Buffer,
  signature: string | undefined,
) {
  if (!ctx.payments.card.checkSignature(rawBody, signature)) {
    throw new AppError(401, 'BAD_SIGNATURE', 'Invalid signature.');
  }
  let event: PaystackEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
  const name = typeof event.event === 'string' ? event.event : '';
  if (name !== 'charge.success' && !SUBSCRIPTION_EVENTS.has(name)) return;
  const id = createHash('sha256').update(rawBody).digest('hex');
  const [first] = await ctx.db
    .insert(paystackEvents)
    .values({ id, event: name })
    .onConflictDoNothing()
    .returning({ id: paystackEvents.id });
  if (!first) return; // this very event was handled already
  try {
    await handle(ctx, name, event);
  } catch (error) {
    await ctx.db.delete(paystackEvents).where(eq(paystackEvents.id, id));
    throw error;
  }
}

async function handle(ctx: Ctx, name: string, event: PaystackEvent) {
  const data = event.data ?? {};
  if (name === 'charge.success') {
    if (typeof data.reference !== 'string') return;
    await applyVerification(
      ctx,
      data.reference,
      {
        status: data.status === 'success' ? 'success' : 'pending',
        amount: typeof data.amount === 'number' ? data.amount : null,
        currency: typeof data.currency === 'string' ? data.currency : null,
        raw: event,
      },
      'webhook',
    );
    // A renewal, or the first gift of a recurring one (a no-op for a one-off gift).
    await handleScheduleCharge(ctx, data, event);
    return;
  }
  const code =
    typeof data.subscription_code === 'string'
      ? data.subscription_code
      : typeof data.subscription?.subscription_code === 'string'
        ? data.subscription.subscription_code
        : null;
  if (!code) return;
  const failed =
    name === 'invoice.payment_failed' || (name === 'invoice.update' && data.status === 'failed');
  if (failed) await handleRenewalFailed(ctx, code);
  await refreshSubscription(ctx, code);
}
