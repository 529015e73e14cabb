import { and, eq, sql } from 'drizzle-orm';
import {
  dayOf,
  nextDueAfter,
  ruleText,
  type Frequency,
} from '../../../shared/schemas/recurring.ts';
import { m } from '../../../paraglide/messages.js';
import type { Db } from '../../db/client.ts';
import { givingSchedules, scheduleOccurrences, transactions } from '../../db/schema.ts';
import { scheduleJob, type Job, type JobHandler } from '../../platform/jobs.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { newReference, requestMomo } from './from-giving.ts';
import {
  JOB_KINDS,
  giveLink,
  provedPhoneOf,
  scheduleDue,
  setStatus,
  tellMember,
  whatOf,
  type Ctx,
  type Schedule,
} from './recurring.service.ts';

// The jobs of a mobile-money schedule's due days (and every schedule's end).

/** Mobile-money prompts one number gets from schedules on one due day, however many are due. */
export const PROMPTS_PER_PHONE_PER_DAY = 3;

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
