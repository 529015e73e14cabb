import { and, desc, eq, sql } from 'drizzle-orm';
import {
  dayOf,
  firstDueOn,
  nextDueAfter,
  RECURRING_ERRORS,
  RECURRING_MESSAGES,
  ruleText,
  type Frequency,
  type NewSchedule,
  type ScheduleCreated,
  type ScheduleView,
} from '../../../shared/schemas/recurring.ts';
import { formatCedis } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { givingSchedules, scheduleOccurrences, transactions, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { scheduleJob, type Job, type JobHandler } from '../../platform/jobs.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { provenPhone } from '../../platform/sms/sms.ts';
import {
  applyVerification,
  assertAssembly,
  createGift,
  newReference,
  requestMomo,
} from '../giving/index.ts';
import { notify } from '../../core/notify.ts';

// Recurring gifts (issue 33, decision 034). Card: Paystack's plan and subscription take the
// money; its events (paystack-events.ts in giving) keep the schedule true. Mobile money: the
// job schedule (platform/jobs.ts) wakes each schedule on its due day; the period's row in
// schedule_occurrences is written once, in the same transaction that moves the schedule to
// its next day, and the prompt or reminder follows as a job of its own.

type Ctx = Pick<
  AppContext,
  'db' | 'config' | 'payments' | 'log' | 'mailer' | 'sms' | 'church' | 'now' | 'secrets'
>;
type Schedule = typeof givingSchedules.$inferSelect;

/** Mobile-money prompts one number gets from schedules on one due day, however many are due. */
export const PROMPTS_PER_PHONE_PER_DAY = 3;

/** The member's proved phone: the only one a schedule's prompt may go to. */
async function provedPhoneOf(db: Db, userId: string) {
  const [row] = await db.select({ phone: provenPhone }).from(users).where(eq(users.id, userId));
  return row?.phone ?? null;
}

/**
 * Whether `day` may prompt the schedule's phone: it is still the member's proved one (a
 * schedule made before this rule may name another), and it had fewer than
 * PROMPTS_PER_PHONE_PER_DAY prompts for that day. Otherwise the member is reminded instead.
 * `db`: the due day's transaction (the embedded database has one connection).
 */
async function mayPrompt(db: Db, schedule: Schedule, day: string) {
  if (!schedule.phone || schedule.phone !== (await provedPhoneOf(db, schedule.userId))) {
    return false;
  }
  const cap = await consumeRateLimit(
    db,
    `recurring-prompts:${schedule.phone}:${day}`,
    PROMPTS_PER_PHONE_PER_DAY,
    2 * 24 * 60 * 60 * 1000,
  );
  return cap.allowed;
}

/** Due-day work starts at 07:00 in Ghana (UTC). */
export const dueAt = (day: string) => new Date(`${day}T07:00:00Z`);

export const JOB_KINDS = {
  due: 'recurring.due',
  notify: 'recurring.notify',
  end: 'recurring.end',
} as const;

function view(row: Schedule): ScheduleView {
  return {
    id: row.id,
    type: row.type as ScheduleView['type'],
    otherType: row.otherType,
    assembly: row.assembly,
    method: row.method as ScheduleView['method'],
    amount: row.amount,
    frequency: row.frequency as Frequency,
    day: row.day,
    startOn: row.startOn,
    endOn: row.endOn,
    status: row.status as ScheduleView['status'],
    nextDueOn: row.nextDueOn,
    onDue: (row.onDue as ScheduleView['onDue']) ?? null,
    phone: row.phone,
    network: (row.network as ScheduleView['network']) ?? null,
    cardFailedAt: row.cardFailedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSchedules(ctx: Pick<Ctx, 'db'>, userId: string) {
  const rows = await ctx.db
    .select()
    .from(givingSchedules)
    .where(eq(givingSchedules.userId, userId))
    .orderBy(desc(givingSchedules.createdAt))
    .limit(100);
  return rows.map(view);
}

/** The member's own schedule; anyone else's is one that does not exist. */
async function ownSchedule(db: Db, userId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(givingSchedules)
    .where(and(eq(givingSchedules.id, id), eq(givingSchedules.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError(404, 'NOT_FOUND', RECURRING_MESSAGES.notFound);
  return row;
}

function scheduleDue(db: Pick<Db, 'execute'>, scheduleId: string, dueOn: string) {
  return scheduleJob(db, {
    kind: JOB_KINDS.due,
    key: `recurring:${scheduleId}:${dueOn}`,
    runAt: dueAt(dueOn),
    payload: { scheduleId, dueOn },
  });
}

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
        startOn: RECURRING_ERRORS.startPast,
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
    throw new AppError(502, 'CARD_FAILED', RECURRING_MESSAGES.cardUnavailable);
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

export async function changeAmount(ctx: Ctx, userId: string, id: string, amount: number) {
  const schedule = await ownSchedule(ctx.db, userId, id);
  if (schedule.status === 'stopped' || schedule.status === 'ended')
    throw new AppError(409, 'NOT_CHANGEABLE', RECURRING_MESSAGES.notChangeable);
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
    throw new AppError(502, 'CARD_FAILED', RECURRING_MESSAGES.cardUnavailable);
  }
}

export async function pauseSchedule(ctx: Ctx, userId: string, id: string) {
  const schedule = await ownSchedule(ctx.db, userId, id);
  if (schedule.status !== 'active')
    throw new AppError(409, 'NOT_ACTIVE', RECURRING_MESSAGES.notActive);
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
    throw new AppError(409, 'NOT_PAUSED', RECURRING_MESSAGES.notPaused);
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

async function setStatus(db: Db, id: string, status: Schedule['status'], nextDueOn: string | null) {
  const [row] = await db
    .update(givingSchedules)
    .set({ status, nextDueOn, updatedAt: new Date() })
    .where(eq(givingSchedules.id, id))
    .returning();
  return view(row!);
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

// ------------------------------------------------------------ Paystack events

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

function scheduleEnd(db: Pick<Db, 'execute'>, scheduleId: string, endOn: string) {
  // The day after the last day: a gift due on the end date is still taken.
  const after = new Date(dueAt(endOn).getTime() + 24 * 3600_000);
  return scheduleJob(db, {
    kind: JOB_KINDS.end,
    key: `recurring-end:${scheduleId}`,
    runAt: after,
    payload: { scheduleId },
  });
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

// ------------------------------------------------------------ due days (mobile money)

/** A schedule's gift as its notices name it: 'tithe of GHS 50.00' (in the language in force). */
const whatOf = (schedule: { type: string; otherType: string | null; amount: number }) =>
  m.mail_recurring_what({
    type: (
      schedule.otherType ?? OFFERING_TYPE_LABELS[schedule.type as ScheduleView['type']]
    ).toLowerCase(),
    amount: formatCedis(schedule.amount),
  });

/**
 * A notice by the member's channels (core/notify.ts): the SMS is the mail's text,
 * both written in the member's language (`texts` is called inside it).
 */
async function tellMember(
  ctx: Ctx,
  userId: string,
  message: {
    kind: 'recurring.failed' | 'recurring.due';
    key: string;
    url: string;
    texts: () => { subject: string; text: string };
  },
) {
  await notify(ctx, {
    userId,
    kind: message.kind,
    key: message.key,
    url: message.url,
    texts: () => {
      const { subject, text } = message.texts();
      return {
        title: subject,
        body: text,
        email: { subject, text },
        sms: `${ctx.church.churchName.slice(0, 30)}: ${text}`,
      };
    },
  });
}

/**
 * A mobile-money schedule's due day. In one transaction: the period's row (once, by its key),
 * the period's gift when the member chose a prompt, the schedule's next day and that day's
 * job, and the job that prompts or reminds. Days that passed while the app was stopped are
 * recorded as missed; only the latest is asked for (one prompt, not a pile).
 */
async function runDue(ctx: Ctx, job: Job) {
  const { scheduleId, dueOn } = job.payload as { scheduleId: string; dueOn: string };
  const today = dayOf(ctx.now());
  await ctx.db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(givingSchedules)
      .where(eq(givingSchedules.id, scheduleId))
      .for('update');
    // Paused, stopped, or moved to another day since: this day's job has nothing to do.
    if (!schedule || schedule.status !== 'active' || schedule.nextDueOn !== dueOn) return;
    const frequency = schedule.frequency as Frequency;
    const within = (day: string) => !schedule.endOn || day <= schedule.endOn;
    let latest = dueOn;
    const missed: string[] = [];
    for (
      let next = nextDueAfter(frequency, schedule.day, latest);
      next <= today && within(next);
      next = nextDueAfter(frequency, schedule.day, next)
    ) {
      missed.push(latest);
      latest = next;
    }
    if (missed.length > 0) {
      await tx
        .insert(scheduleOccurrences)
        .values(missed.map((day) => ({ scheduleId, dueOn: day, outcome: 'missed' })))
        .onConflictDoNothing();
    }
    const prompt = schedule.onDue === 'prompt' && (await mayPrompt(tx, schedule, latest));
    const reference = prompt ? newReference('MOMO') : null;
    const [occurrence] = await tx
      .insert(scheduleOccurrences)
      .values({ scheduleId, dueOn: latest, outcome: prompt ? 'prompted' : 'reminded', reference })
      .onConflictDoNothing()
      .returning();
    if (occurrence && reference) {
      await tx.insert(transactions).values({
        userId: schedule.userId,
        reference,
        method: 'momo',
        provider: ctx.payments.momo.name,
        type: schedule.type,
        otherType: schedule.otherType,
        amount: schedule.amount,
        firstName: schedule.firstName,
        lastName: schedule.lastName,
        assembly: schedule.assembly,
        phone: schedule.phone,
        network: schedule.network,
        scheduleId,
        status: 'pending',
      });
    }
    if (occurrence) {
      await scheduleJob(tx, {
        kind: JOB_KINDS.notify,
        key: `recurring-notify:${scheduleId}:${latest}`,
        runAt: ctx.now(),
        payload: { scheduleId, dueOn: latest },
      });
    }
    const next = nextDueAfter(frequency, schedule.day, latest);
    if (within(next)) {
      await tx
        .update(givingSchedules)
        .set({ nextDueOn: next, updatedAt: new Date() })
        .where(eq(givingSchedules.id, scheduleId));
      await scheduleDue(tx, scheduleId, next);
    } else {
      await tx
        .update(givingSchedules)
        .set({ status: 'ended', nextDueOn: null, updatedAt: new Date() })
        .where(eq(givingSchedules.id, scheduleId));
    }
  });
}

/**
 * The period's prompt or reminder. A prompt is asked for once per gift reference (the
 * provider refuses a second request for the same reference); a reminder is marked sent
 * before it goes, so a crash can lose one but never send it twice.
 */
async function runNotify(ctx: Ctx, job: Job) {
  const { scheduleId, dueOn } = job.payload as { scheduleId: string; dueOn: string };
  const [row] = await ctx.db
    .select({ occurrence: scheduleOccurrences, schedule: givingSchedules })
    .from(scheduleOccurrences)
    .innerJoin(givingSchedules, eq(givingSchedules.id, scheduleOccurrences.scheduleId))
    .where(
      and(eq(scheduleOccurrences.scheduleId, scheduleId), eq(scheduleOccurrences.dueOn, dueOn)),
    );
  if (!row) return;
  const { occurrence, schedule } = row;

  if (occurrence.outcome === 'prompted' && occurrence.reference) {
    const [gift] = await ctx.db
      .select({ status: transactions.status, trail: transactions.providerResponse })
      .from(transactions)
      .where(eq(transactions.reference, occurrence.reference));
    const asked = Array.isArray(gift?.trail) && gift.trail.length > 0;
    if (!gift || gift.status !== 'pending' || asked) return;
    try {
      await requestMomo(ctx, occurrence.reference, undefined);
    } catch (error) {
      // The prompt could not be sent (the gift is marked failed): tell them instead.
      ctx.log.warn({ err: error, scheduleId }, 'the recurring mobile-money prompt failed');
      await tellMember(ctx, schedule.userId, {
        kind: 'recurring.due',
        key: `${scheduleId}:${dueOn}:no-prompt`,
        url: `/offerings?schedule=${scheduleId}`,
        texts: () => ({
          subject: m.mail_recurring_due_subject(),
          text: m.mail_recurring_due_no_prompt({
            what: whatOf(schedule),
            rule: ruleText(schedule.frequency as Frequency, schedule.day, true),
            link: giveLink(ctx, scheduleId),
          }),
        }),
      });
    }
    return;
  }
  if (occurrence.outcome !== 'reminded') return;
  const [claimed] = await ctx.db
    .update(scheduleOccurrences)
    .set({ notifiedAt: ctx.now() })
    .where(
      and(
        eq(scheduleOccurrences.scheduleId, scheduleId),
        eq(scheduleOccurrences.dueOn, dueOn),
        sql`${scheduleOccurrences.notifiedAt} is null`,
      ),
    )
    .returning();
  if (!claimed) return;
  try {
    await tellMember(ctx, schedule.userId, {
      kind: 'recurring.due',
      key: `${scheduleId}:${dueOn}`,
      url: `/offerings?schedule=${scheduleId}`,
      texts: () => ({
        subject: m.mail_recurring_due_subject(),
        text: m.mail_recurring_due_text({
          what: whatOf(schedule),
          link: giveLink(ctx, scheduleId),
        }),
      }),
    });
  } catch (error) {
    // Not sent: free the mark so the job's retry sends it.
    await ctx.db
      .update(scheduleOccurrences)
      .set({ notifiedAt: null })
      .where(
        and(eq(scheduleOccurrences.scheduleId, scheduleId), eq(scheduleOccurrences.dueOn, dueOn)),
      );
    throw error;
  }
}

/** Opens the offering form filled in from the schedule. */
export const giveLink = (ctx: Pick<Ctx, 'config'>, scheduleId: string) =>
  `${ctx.config.publicUrl}/offerings?schedule=${scheduleId}`;

/** The end date has passed: a card subscription is disabled, the schedule ends. */
async function runEnd(ctx: Ctx, job: Job) {
  const { scheduleId } = job.payload as { scheduleId: string };
  const [schedule] = await ctx.db
    .select()
    .from(givingSchedules)
    .where(eq(givingSchedules.id, scheduleId));
  if (!schedule || schedule.status === 'stopped' || schedule.status === 'ended') return;
  if (schedule.method === 'card' && schedule.subscriptionCode && schedule.status !== 'paused') {
    await ctx.payments.card.subscriptions.setEnabled(
      schedule.subscriptionCode,
      schedule.emailToken ?? '',
      false,
    );
  }
  await setStatus(ctx.db, scheduleId, 'ended', null);
}

export function recurringJobHandlers(ctx: Ctx): Record<string, JobHandler> {
  return {
    [JOB_KINDS.due]: (job) => runDue(ctx, job),
    [JOB_KINDS.notify]: (job) => runNotify(ctx, job),
    [JOB_KINDS.end]: (job) => runEnd(ctx, job),
  };
}

/** A schedule's prefill for the offering form (the reminder's one-tap link). */
export async function scheduleForGift(ctx: Pick<Ctx, 'db'>, userId: string, id: string) {
  return view(await ownSchedule(ctx.db, userId, id));
}
