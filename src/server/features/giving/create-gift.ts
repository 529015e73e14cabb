import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CARD_CALLBACK_PATH } from '../../../shared/pages.ts';
import type { GiftResult, Offering } from '../../../shared/schemas/giving.ts';
import { bankTransfers, cashOfferings, transactions } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import {
  assertAssembly,
  failGift,
  newReference,
  trail,
  type Common,
  type Ctx,
} from './giving.service.ts';
import { requestMomo } from './momo-prompt.ts';
import { m } from '../../../paraglide/messages.js';

// A gift is made: cash and bank entries with their code; card and mobile money written pending
// before the provider is asked.

const GUEST = 'guest';

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
      throw new AppError(502, 'CARD_NO_URL', m.shared_giving_card_no_url());
    }
    await ctx.db
      .update(transactions)
      .set({ providerResponse: trail('initialize', raw), updatedAt: new Date() })
      .where(eq(transactions.reference, reference));
    return { method: 'card', reference, authorizationUrl };
  } catch (error) {
    if (error instanceof AppError) throw error;
    await failGift(ctx, reference, 'initialize', error);
    ctx.log.error({ err: error, reference }, 'card initialize failed');
    throw new AppError(502, 'CARD_FAILED', m.shared_giving_card_failed());
  }
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
