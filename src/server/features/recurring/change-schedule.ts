import { and, eq } from 'drizzle-orm';
import {
  dayOf,
  firstDueOn,
  nextDueAfter,
  type Frequency,
} from '../../../shared/schemas/recurring.ts';
import { m } from '../../../paraglide/messages.js';
import { givingSchedules, scheduleOccurrences } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { ownSchedule, scheduleDue, setStatus, view, type Ctx } from './recurring.service.ts';

// A member changes a standing gift: its amount, pause, resume, stop, the card's own page.

export async function changeAmount(ctx: Ctx, userId: string, id: string, amount: number) {
  const schedule = await ownSchedule(ctx.db, userId, id);
  if (schedule.status === 'stopped' || schedule.status === 'ended')
    throw new AppError(409, 'NOT_CHANGEABLE', m.shared_recurring_not_changeable());
  if (schedule.method === 'card' && schedule.planCode) {
    await providerCall(ctx, () =>
      ctx.payments.card.subscriptions.updatePlanAmount(schedule.planCode!, amount),
    );
  }
  const [row] = await ctx.db
    .update(givingSchedules)
    .set({ amount, updatedAt: new Date() })
    .where(eq(givingSchedules.id, id))
    .returning();
  return view(row!);
}

/** A provider call whose failure the member must hear about (nothing changed). */
async function providerCall<T>(ctx: Ctx, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    ctx.log.error({ err: error }, 'Paystack subscription call failed');
    throw new AppError(502, 'CARD_FAILED', m.shared_recurring_card_unavailable());
  }
}

export async function pauseSchedule(ctx: Ctx, userId: string, id: string) {
  const schedule = await ownSchedule(ctx.db, userId, id);
  if (schedule.status !== 'active')
    throw new AppError(409, 'NOT_ACTIVE', m.shared_recurring_not_active());
  if (schedule.method === 'card' && schedule.subscriptionCode) {
    await providerCall(ctx, () =>
      ctx.payments.card.subscriptions.setEnabled(
        schedule.subscriptionCode!,
        schedule.emailToken ?? '',
        false,
      ),
    );
  }
  return setStatus(ctx.db, id, 'paused', null);
}

export async function resumeSchedule(ctx: Ctx, userId: string, id: string) {
  const schedule = await ownSchedule(ctx.db, userId, id);
  if (schedule.status !== 'paused')
    throw new AppError(409, 'NOT_PAUSED', m.shared_recurring_not_paused());
  const today = dayOf(ctx.now());
  if (schedule.method === 'card') {
    const state = await providerCall(ctx, async () => {
      await ctx.payments.card.subscriptions.setEnabled(
        schedule.subscriptionCode!,
        schedule.emailToken ?? '',
        true,
      );
      return ctx.payments.card.subscriptions.fetch(schedule.subscriptionCode!);
    });
    return setStatus(ctx.db, id, 'active', state.nextPaymentDate);
  }
  // Mobile money: the next due day from today (or the start), not one already asked for.
  const from = schedule.startOn > today ? schedule.startOn : today;
  let next = firstDueOn(schedule.frequency as Frequency, schedule.day, from);
  const [done] = await ctx.db
    .select({ dueOn: scheduleOccurrences.dueOn })
    .from(scheduleOccurrences)
    .where(and(eq(scheduleOccurrences.scheduleId, id), eq(scheduleOccurrences.dueOn, next)));
  if (done) next = nextDueAfter(schedule.frequency as Frequency, schedule.day, next);
  if (schedule.endOn && next > schedule.endOn) return setStatus(ctx.db, id, 'ended', null);
  return ctx.db.transaction(async (tx) => {
    const result = await setStatus(tx, id, 'active', next);
    await scheduleDue(tx, id, next);
    return result;
  });
}

export async function stopSchedule(ctx: Ctx, userId: string, id: string) {
  const schedule = await ownSchedule(ctx.db, userId, id);
  if (schedule.status === 'stopped' || schedule.status === 'ended') return view(schedule);
  if (schedule.method === 'card' && schedule.subscriptionCode && schedule.status !== 'paused') {
    await providerCall(ctx, () =>
      ctx.payments.card.subscriptions.setEnabled(
        schedule.subscriptionCode!,
        schedule.emailToken ?? '',
        false,
      ),
    );
  }
  return setStatus(ctx.db, id, 'stopped', null);
}

/** Paystack's own page for changing the card of a card schedule. */
export async function cardManageLink(ctx: Ctx, userId: string, id: string) {
  const schedule = await ownSchedule(ctx.db, userId, id);
  if (schedule.method !== 'card' || !schedule.subscriptionCode)
    throw new AppError(409, 'NO_CARD', m.server_recurring_no_card());
  return providerCall(ctx, () =>
    ctx.payments.card.subscriptions.manageLink(schedule.subscriptionCode!),
  );
}
