import { eq } from 'drizzle-orm';
import { OFFERING_TYPE_LABELS, type GiftResult } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import { assemblies, transactions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { failGift, findOwnGift, trail, type Common, type Ctx } from './giving.service.ts';

// The mobile-money payment prompt, and its one-time password when the network asks for one.

async function momoReferenceText(ctx: Ctx, common: Common) {
  const [assembly] = await ctx.db
    .select({ label: assemblies.label })
    .from(assemblies)
    .where(eq(assemblies.slug, common.assembly));
  const type =
    common.otherType ?? OFFERING_TYPE_LABELS[common.type as keyof typeof OFFERING_TYPE_LABELS];
  return `${type} - ${common.firstName} ${common.lastName} - ${assembly?.label ?? common.assembly}`.slice(
    0,
    100,
  );
}

/** Sends (or, with the OTP, re-sends) the payment prompt for a pending mobile-money gift. */
export async function requestMomo(
  ctx: Ctx,
  reference: string,
  otp: string | undefined,
): Promise<GiftResult> {
  const [gift] = await ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, reference));
  if (!gift || gift.method !== 'momo') {
    throw new AppError(404, 'NOT_FOUND', m.server_giving_no_gift());
  }
  if (gift.status !== 'pending')
    throw new AppError(409, 'NOT_PENDING', m.server_giving_not_pending());
  try {
    const answer = await ctx.payments.momo.requestPayment({
      externalref: reference,
      payer: gift.phone!,
      amount: gift.amount,
      network: gift.network as 'MTN' | 'Telecel' | 'AT',
      reference: await momoReferenceText(ctx, gift),
      ...(otp ? { otp } : {}),
    });
    const rejected = answer.outcome === 'rejected';
    await ctx.db
      .update(transactions)
      .set({
        ...(rejected && !otp ? { status: 'failed' } : {}),
        providerResponse: trail(otp ? 'payment-otp' : 'payment', answer.raw),
        updatedAt: new Date(),
      })
      .where(eq(transactions.reference, reference));
    if (answer.outcome === 'otp_required')
      return { method: 'momo', reference, status: 'otp_required' };
    if (rejected && otp) {
      throw new AppError(400, 'OTP_REJECTED', answer.message || m.server_giving_otp_refused(), {
        otp: answer.message || m.server_giving_otp_refused_short(),
      });
    }
    if (rejected) throw new AppError(502, 'MOMO_FAILED', m.shared_giving_momo_failed());
    return { method: 'momo', reference, status: 'pending' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    await failGift(ctx, reference, 'payment', error);
    ctx.log.error({ err: error, reference }, 'mobile money request failed');
    throw new AppError(502, 'MOMO_FAILED', m.shared_giving_momo_failed());
  }
}

export async function submitMomoOtp(
  ctx: Ctx,
  reference: string,
  otp: string,
  userId: string | null,
) {
  await findOwnGift(ctx, reference, userId);
  return requestMomo(ctx, reference, otp);
}
