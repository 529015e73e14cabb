import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Bank } from '../../../shared/constants.ts';
import { CARD_CALLBACK_PATH } from '../../../shared/pages.ts';
import { formatGhs } from '../../../shared/format.ts';
import {
  OFFERING_TYPE_LABELS,
  GIVING_MESSAGES,
  type GiftResult,
  type GiftStatus,
  type GiftStatusView,
  type Offering,
} from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { assemblies, bankTransfers, cashOfferings, transactions, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { inLocale } from '../../platform/locale.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { ProviderError, type Verification } from '../../platform/payments/types.ts';
import { provenPhone, reachOf } from '../../platform/sms/sms.ts';
import { bankDetails, isAssemblyOffered } from '../../core/church.ts';
import { deliverReceipt, issueReceipt } from '../finance/index.ts';

// The money path. Rules (DESIGN.md principle 5): amounts are integer pesewas; a card or
// mobile-money gift is written as `pending` with a reference we generated BEFORE any
// provider call; only a signed webhook or our own verify call saying `success` with the
// expected amount and currency credits it; every provider answer is kept with the gift;
// crediting is idempotent (webhooks are retried and duplicated).

type Ctx = Pick<
  AppContext,
  'db' | 'config' | 'payments' | 'log' | 'mailer' | 'sms' | 'church' | 'secrets' | 'now'
>;

const GUEST = 'guest';

export function newReference(kind: 'CARD' | 'MOMO'): string {
  return `FLK-${kind}-${Date.now().toString(36).toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Appends one provider answer to the gift's trail (never overwrites earlier ones). */
function trail(source: string, raw: unknown) {
  const entry = JSON.stringify([{ at: new Date().toISOString(), source, raw: raw ?? null }]);
  return sql`coalesce(${transactions.providerResponse}, '[]'::jsonb) || ${entry}::jsonb`;
}

/** What went wrong, for the gift's trail: our message plus whatever the provider answered. */
function providerFailure(error: unknown) {
  return {
    error: error instanceof Error ? error.message : String(error),
    answer: error instanceof ProviderError ? error.raw : null,
  };
}

export async function assertAssembly(ctx: Ctx, slug: string) {
  if (!(await isAssemblyOffered(ctx, slug))) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_giving_fields(), {
      assembly: m.server_giving_select_assembly(),
    });
  }
}

/** Inserts with a fresh random code until it is unique among open entries. */
async function insertWithCode<T>(
  makeCode: () => string,
  insert: (code: string) => Promise<T | undefined>,
): Promise<T> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const row = await insert(makeCode());
    if (row) return row;
  }
  throw new Error('Could not find a free code after 20 attempts');
}

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const bankCode = () => `BT-${String(randomInt(0, 100_000)).padStart(5, '0')}`;

/** Who gives, and where the card provider sends them back (their own address: decision 029). */
export interface Giver {
  userId: string | null;
  /** A guest's device (platform/guest-giver.ts): their gifts stay visible there. */
  guestId: string | null;
  /** An origin the app is served from; the card payment returns there. */
  returnOrigin: string;
  /**
   * A USSD caller's number (E.164): the gift is made by USSD (channel 'ussd', issue 32), and
   * a cash or bank entry keeps the number, where its code and receipt go by SMS.
   */
  ussdPhone?: string;
  /** The recurring gift this is a period of (issue 33): a card schedule's first gift. */
  scheduleId?: string;
}

/** A cash or bank gift as its code SMS tells it. */
export interface CodeGift {
  method: 'cash' | 'bank';
  bank?: Bank | undefined;
  type: Offering['type'];
  otherType: string | null;
  amount: number;
  code: string | null;
}

/**
 * The SMS that carries a cash or bank gift's code (or a transfer's details without one), in
 * the words of the app's code screen: the same for a gift made in the app or by USSD.
 */
export function codeSmsText(ctx: Pick<AppContext, 'church'>, gift: CodeGift): string {
  const church = ctx.church.churchName.slice(0, 30);
  const amount = formatGhs(gift.amount);
  const what = (gift.otherType ?? OFFERING_TYPE_LABELS[gift.type]).toLowerCase();
  if (gift.method === 'cash') {
    return m.sms_giving_cash_code({ church, what, amount, code: gift.code! });
  }
  const bank = bankDetails(ctx)[gift.bank!];
  const account = `${bank.label}, ${bank.accountName}, acc. ${bank.accountNumber}, ${bank.branch}`;
  return gift.code
    ? m.sms_giving_bank_code({ church, code: gift.code, amount, what, account })
    : m.sms_giving_bank_no_code({ church, what, amount, account });
}

/**
 * A member who chose SMS for receipts and codes (or has no email) gets a cash or bank gift's
 * code by SMS too (issue 32, decision 054). Not awaited by the caller's answer; a failure is logged, the gift stands.
 */
export async function sendCodeToMember(ctx: AppContext, userId: string, gift: CodeGift) {
  // Never throws: nobody waits for it, and the gift and its code on screen stand anyway.
  try {
    const [member] = await ctx.db
      .select({
        email: users.email,
        phone: provenPhone,
        channel: users.receiptChannel,
        locale: users.locale,
      })
      .from(users)
      .where(eq(users.id, userId));
    const to = reachOf(member).phone;
    if (to) {
      await ctx.sms.send({ to, text: inLocale(member!.locale, () => codeSmsText(ctx, gift)) });
    }
  } catch (error) {
    ctx.log.warn({ err: error }, 'the code SMS was not sent');
  }
}

export async function createGift(ctx: Ctx, offering: Offering, giver: Giver): Promise<GiftResult> {
  const { userId } = giver;
  await assertAssembly(ctx, offering.assembly);
  const common = {
    userId,
    guestId: userId ? null : giver.guestId,
    firstName: offering.firstName,
    lastName: offering.lastName,
    assembly: offering.assembly,
    type: offering.type,
    otherType: offering.otherType,
    amount: offering.amount,
    channel: giver.ussdPhone ? ('ussd' as const) : ('app' as const),
  };
  const phone = giver.ussdPhone ?? null;

  switch (offering.paymentMethod) {
    case 'cash': {
      const row = await insertWithCode(
        sixDigits,
        async (code) =>
          (
            await ctx.db
              .insert(cashOfferings)
              .values({ ...common, phone, code })
              .onConflictDoNothing()
              .returning({ code: cashOfferings.code })
          )[0],
      );
      return { method: 'cash', code: row.code };
    }
    case 'bank': {
      if (offering.type !== 'tithe') {
        await ctx.db
          .insert(bankTransfers)
          .values({ ...common, phone, bank: offering.bank, code: null });
        return { method: 'bank', code: null };
      }
      const row = await insertWithCode(
        bankCode,
        async (code) =>
          (
            await ctx.db
              .insert(bankTransfers)
              .values({ ...common, phone, bank: offering.bank, code })
              .onConflictDoNothing()
              .returning({ code: bankTransfers.code })
          )[0],
      );
      return { method: 'bank', code: row.code };
    }
    case 'card':
      return startCardGift(ctx, offering, common, giver);
    case 'momo':
      return startMomoGift(ctx, offering, common);
  }
}

type Common = {
  userId: string | null;
  guestId: string | null;
  firstName: string;
  lastName: string;
  assembly: string;
  type: string;
  otherType: string | null;
  amount: number;
  channel: string;
};

async function startCardGift(
  ctx: Ctx,
  offering: Extract<Offering, { paymentMethod: 'card' }>,
  common: Common,
  { returnOrigin, scheduleId }: Giver,
): Promise<GiftResult> {
  const reference = newReference('CARD');
  await ctx.db.insert(transactions).values({
    ...common,
    scheduleId: scheduleId ?? null,
    reference,
    method: 'card',
    provider: ctx.payments.card.name,
    email: offering.email,
    status: 'pending',
  });
  try {
    const { authorizationUrl, raw } = await ctx.payments.card.initialize({
      reference,
      amount: offering.amount,
      email: offering.email.toLowerCase(),
      metadata: {
        first_name: offering.firstName,
        last_name: offering.lastName,
        assembly: offering.assembly,
        type: offering.type,
        user_id: common.userId ?? GUEST,
        ...(scheduleId ? { schedule_id: scheduleId } : {}),
      },
      callbackUrl: `${returnOrigin}${CARD_CALLBACK_PATH}`,
    });
    if (!authorizationUrl) {
      await ctx.db
        .update(transactions)
        .set({
          status: 'failed',
          providerResponse: trail('initialize', raw),
          updatedAt: new Date(),
        })
        .where(eq(transactions.reference, reference));
      throw new AppError(502, 'CARD_NO_URL', GIVING_MESSAGES.cardNoUrl);
    }
    await ctx.db
      .update(transactions)
      .set({ providerResponse: trail('initialize', raw), updatedAt: new Date() })
      .where(eq(transactions.reference, reference));
    return { method: 'card', reference, authorizationUrl };
  } catch (error) {
    if (error instanceof AppError) throw error;
    await ctx.db
      .update(transactions)
      .set({
        status: 'failed',
        providerResponse: trail('initialize', providerFailure(error)),
        updatedAt: new Date(),
      })
      .where(eq(transactions.reference, reference));
    ctx.log.error({ err: error, reference }, 'card initialize failed');
    throw new AppError(502, 'CARD_FAILED', GIVING_MESSAGES.cardFailed);
  }
}

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

async function startMomoGift(
  ctx: Ctx,
  offering: Extract<Offering, { paymentMethod: 'momo' }>,
  common: Common,
): Promise<GiftResult> {
  const reference = newReference('MOMO');
  await ctx.db.insert(transactions).values({
    ...common,
    reference,
    method: 'momo',
    provider: ctx.payments.momo.name,
    phone: offering.phone,
    network: offering.provider,
    status: 'pending',
  });
  return requestMomo(ctx, reference, undefined);
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
    if (rejected) throw new AppError(502, 'MOMO_FAILED', GIVING_MESSAGES.momoFailed);
    return { method: 'momo', reference, status: 'pending' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    await ctx.db
      .update(transactions)
      .set({
        status: 'failed',
        providerResponse: trail('payment', providerFailure(error)),
        updatedAt: new Date(),
      })
      .where(eq(transactions.reference, reference));
    ctx.log.error({ err: error, reference }, 'mobile money request failed');
    throw new AppError(502, 'MOMO_FAILED', GIVING_MESSAGES.momoFailed);
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

/** A member sees only their own gifts; a guest's gift is reachable by its secret reference. */
async function findOwnGift(ctx: Ctx, reference: string, userId: string | null) {
  const [gift] = await ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, reference));
  if (!gift || (gift.userId !== null && gift.userId !== userId)) {
    throw new AppError(404, 'NOT_FOUND', m.server_giving_no_gift());
  }
  return gift;
}

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

async function verifyWithProvider(
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
