import { and, eq, sql } from 'drizzle-orm';
import { dayOf, nextDueAfter, type Frequency } from '../../../shared/schemas/recurring.ts';
import { m } from '../../../paraglide/messages.js';
import { givingSchedules, scheduleOccurrences, transactions } from '../../db/schema.ts';
import { applyVerification } from './from-giving.ts';
import { dueAt, scheduleEnd, tellMember, whatOf, type Ctx } from './recurring.service.ts';

// A card schedule's Paystack events (giving's webhook passes them on, through index.ts).

interface ChargeData {
  reference?: unknown;
  amount?: unknown;
  currency?: unknown;
  status?: unknown;
  customer?: { customer_code?: unknown; email?: unknown } | null;
  authorization?: { authorization_code?: unknown; reusable?: unknown } | null;
  plan?: { plan_code?: unknown } | string | null;
}

const planCodeOf = (data: ChargeData) =>
  typeof data.plan === 'string'
    ? data.plan
    : typeof data.plan?.plan_code === 'string'
      ? data.plan.plan_code
      : null;

/**
 * A card charge Paystack reports. A renewal (a reference we did not make, on a schedule's
 * plan) becomes the period's gift, written once by its reference; the first gift of a
 * schedule being set up starts its subscription on the card just used.
 */
export async function handleScheduleCharge(ctx: Ctx, data: ChargeData, raw: unknown) {
  if (typeof data.reference !== 'string') return;
  const [gift] = await ctx.db
    .select({ scheduleId: transactions.scheduleId })
    .from(transactions)
    .where(eq(transactions.reference, data.reference));
  if (gift) {
    if (gift.scheduleId) await startSubscription(ctx, gift.scheduleId, data);
    return;
  }
  const planCode = planCodeOf(data);
  if (!planCode) return;
  const [schedule] = await ctx.db
    .select()
    .from(givingSchedules)
    .where(eq(givingSchedules.planCode, planCode));
  if (!schedule || typeof data.amount !== 'number' || data.amount <= 0) return;
  const today = dayOf(ctx.now());
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(transactions)
      .values({
        userId: schedule.userId,
        reference: data.reference as string,
        method: 'card',
        provider: ctx.payments.card.name,
        type: schedule.type,
        otherType: schedule.otherType,
        amount: data.amount as number,
        firstName: schedule.firstName,
        lastName: schedule.lastName,
        assembly: schedule.assembly,
        email: schedule.email,
        scheduleId: schedule.id,
        status: 'pending',
      })
      .onConflictDoNothing();
    await tx
      .insert(scheduleOccurrences)
      .values({
        scheduleId: schedule.id,
        dueOn: today,
        outcome: 'charged',
        reference: data.reference as string,
      })
      .onConflictDoUpdate({
        target: [scheduleOccurrences.scheduleId, scheduleOccurrences.dueOn],
        set: { outcome: 'charged', reference: data.reference as string },
      });
    await tx
      .update(givingSchedules)
      .set({ cardFailedAt: null, updatedAt: new Date() })
      .where(eq(givingSchedules.id, schedule.id));
  });
  await applyVerification(
    ctx,
    data.reference,
    {
      status: data.status === 'success' ? 'success' : 'pending',
      amount: data.amount,
      currency: typeof data.currency === 'string' ? data.currency : null,
      raw,
    },
    'webhook:renewal',
  );
  if (schedule.subscriptionCode) await refreshSubscription(ctx, schedule.subscriptionCode);
}

/** The first gift of a card schedule was paid: subscribe that card from the next due day. */
async function startSubscription(ctx: Ctx, scheduleId: string, data: ChargeData) {
  const customer =
    typeof data.customer?.customer_code === 'string'
      ? data.customer.customer_code
      : typeof data.customer?.email === 'string'
        ? data.customer.email
        : null;
  const authorization =
    typeof data.authorization?.authorization_code === 'string'
      ? data.authorization.authorization_code
      : null;
  // Claimed by moving it out of setting_up first: a second delivery of the same charge finds
  // nothing to start, so the card is never subscribed twice.
  const [claimed] = await ctx.db
    .update(givingSchedules)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(givingSchedules.id, scheduleId), eq(givingSchedules.status, 'setting_up')))
    .returning();
  if (!claimed) return;
  const today = dayOf(ctx.now());
  const next = nextDueAfter(claimed.frequency as Frequency, claimed.day, today);
  try {
    if (!customer || !authorization || !claimed.planCode)
      throw new Error('the first charge carried no customer or card authorization');
    const subscription = await ctx.payments.card.subscriptions.subscribe({
      customer,
      plan: claimed.planCode,
      authorization,
      startDate: dueAt(next),
    });
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(givingSchedules)
        .set({
          subscriptionCode: subscription.subscriptionCode,
          emailToken: subscription.emailToken,
          nextDueOn: subscription.nextPaymentDate ?? next,
          updatedAt: new Date(),
        })
        .where(eq(givingSchedules.id, scheduleId));
      await tx
        .insert(scheduleOccurrences)
        .values({
          scheduleId,
          dueOn: today,
          outcome: 'charged',
          reference: typeof data.reference === 'string' ? data.reference : null,
        })
        .onConflictDoNothing();
      if (claimed.endOn) await scheduleEnd(tx, scheduleId, claimed.endOn);
    });
  } catch (error) {
    // Back to setting up, so Paystack's retry of this event tries again.
    await ctx.db
      .update(givingSchedules)
      .set({ status: 'setting_up', updatedAt: new Date() })
      .where(eq(givingSchedules.id, scheduleId));
    throw error;
  }
}

/**
 * A subscription's events are hints: whatever their order or number, the schedule follows
 * what Paystack says about the subscription now. Paused and stopped are the member's word
 * and stay; an active schedule whose subscription was cancelled or completed elsewhere (the
 * card page, too many failures) stops.
 */
export async function refreshSubscription(ctx: Ctx, subscriptionCode: string) {
  const [schedule] = await ctx.db
    .select()
    .from(givingSchedules)
    .where(eq(givingSchedules.subscriptionCode, subscriptionCode));
  if (!schedule || schedule.status !== 'active') return;
  const state = await ctx.payments.card.subscriptions.fetch(subscriptionCode);
  const ended = ['completed', 'cancelled', 'non-renewing'].includes(state.status);
  await ctx.db
    .update(givingSchedules)
    .set(
      ended
        ? { status: state.status === 'completed' ? 'ended' : 'stopped', nextDueOn: null }
        : { nextDueOn: state.nextPaymentDate ?? schedule.nextDueOn },
    )
    .where(and(eq(givingSchedules.id, schedule.id), eq(givingSchedules.status, 'active')));
}

/**
 * A renewal failed: the member hears once (until a renewal succeeds again, however many
 * failure events Paystack sends), and is offered the card page.
 */
export async function handleRenewalFailed(ctx: Ctx, subscriptionCode: string) {
  const [schedule] = await ctx.db
    .update(givingSchedules)
    .set({ cardFailedAt: ctx.now(), updatedAt: new Date() })
    .where(
      and(
        eq(givingSchedules.subscriptionCode, subscriptionCode),
        sql`${givingSchedules.cardFailedAt} is null`,
      ),
    )
    .returning();
  if (!schedule) return;
  await tellMember(ctx, schedule.userId, {
    kind: 'recurring.failed',
    key: `${schedule.id}:${schedule.cardFailedAt!.toISOString()}`,
    url: '/giving/recurring',
    texts: () => ({
      subject: m.mail_recurring_failed_subject(),
      text: m.mail_recurring_failed_text({
        what: whatOf(schedule),
        url: `${ctx.config.publicUrl}/giving/recurring`,
      }),
    }),
  });
}
