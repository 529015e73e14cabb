import { eq } from 'drizzle-orm';
import {
  dayOf,
  firstDueOn,
  type NewSchedule,
  type ScheduleCreated,
} from '../../../shared/schemas/recurring.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import { givingSchedules } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { assertAssembly, createGift } from './from-giving.ts';
import { provedPhoneOf, scheduleDue, view, type Ctx } from './recurring.service.ts';

// A member sets up a standing gift: mobile money from its first due day; card through a plan
// of its own and a first gift at Paystack's checkout.

export async function createSchedule(
  ctx: Ctx,
  userId: string,
  input: NewSchedule,
  returnOrigin: string,
): Promise<ScheduleCreated> {
  await assertAssembly(ctx, input.assembly);
  const today = dayOf(ctx.now());
  const common = {
    userId,
    type: input.type,
    otherType: input.otherType,
    firstName: input.firstName,
    lastName: input.lastName,
    assembly: input.assembly,
    method: input.method,
    amount: input.amount,
    frequency: input.frequency,
    day: input.day,
    endOn: input.endOn,
  };

  if (input.method === 'momo') {
    if (input.startOn < today) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_recurring_fields(), {
        startOn: m.shared_recurring_start_past(),
      });
    }
    const nextDueOn = firstDueOn(input.frequency, input.day, input.startOn);
    if (input.endOn && nextDueOn > input.endOn) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_recurring_fields(), {
        endOn: m.server_recurring_no_gift_day(),
      });
    }
    // A prompt asks a phone to pay: only the member's own proved number (decision 050).
    if (input.onDue === 'prompt' && input.phone !== (await provedPhoneOf(ctx.db, userId))) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_recurring_fields(), {
        phone: m.server_recurring_phone_not_proved(),
      });
    }
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(givingSchedules)
        .values({
          ...common,
          startOn: input.startOn,
          status: 'active',
          nextDueOn,
          phone: input.phone,
          network: input.provider,
          onDue: input.onDue,
        })
        .returning();
      await scheduleDue(tx, created!.id, nextDueOn);
      return created!;
    });
    return { schedule: view(row), authorizationUrl: null };
  }

  // Card: a plan of the member's own (its amount changes with theirs), then the first gift at
  // Paystack's checkout. Its success starts the subscription on the card just used.
  const [row] = await ctx.db
    .insert(givingSchedules)
    .values({ ...common, startOn: today, status: 'setting_up', email: input.email.toLowerCase() })
    .returning();
  const schedule = row!;
  try {
    const { planCode } = await ctx.payments.card.subscriptions.createPlan({
      name: `Flock ${input.otherType ?? OFFERING_TYPE_LABELS[input.type]} ${schedule.id.slice(0, 8)}`,
      interval: input.frequency,
      amount: input.amount,
    });
    await ctx.db
      .update(givingSchedules)
      .set({ planCode, updatedAt: new Date() })
      .where(eq(givingSchedules.id, schedule.id));
  } catch (error) {
    ctx.log.error({ err: error }, 'creating the Paystack plan failed');
    await ctx.db.delete(givingSchedules).where(eq(givingSchedules.id, schedule.id));
    throw new AppError(502, 'CARD_FAILED', m.shared_recurring_card_unavailable());
  }
  try {
    const gift = await createGift(
      ctx,
      {
        type: input.type,
        otherType: input.otherType,
        firstName: input.firstName,
        lastName: input.lastName,
        assembly: input.assembly,
        amount: input.amount,
        paymentMethod: 'card',
        email: input.email,
      },
      { userId, guestId: null, returnOrigin, scheduleId: schedule.id },
    );
    if (gift.method !== 'card') throw new Error('a card schedule began with a non-card gift');
    return { schedule: view(schedule), authorizationUrl: gift.authorizationUrl };
  } catch (error) {
    await ctx.db.delete(givingSchedules).where(eq(givingSchedules.id, schedule.id));
    throw error;
  }
}
