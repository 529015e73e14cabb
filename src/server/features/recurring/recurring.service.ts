import { and, desc, eq } from 'drizzle-orm';
import type { Frequency, ScheduleView } from '../../../shared/schemas/recurring.ts';
import { formatCedis } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { givingSchedules, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { provenPhone } from '../../platform/sms/sms.ts';
import { notify } from '../../core/notify.ts';

// Recurring gifts (issue 33, decision 034). Card: Paystack's plan and subscription take the
// money; its events (paystack-events.ts in giving) keep the schedule true. Mobile money: the
// job schedule (platform/jobs.ts) wakes each schedule on its due day; the period's row in
// schedule_occurrences is written once, in the same transaction that moves the schedule to
// its next day, and the prompt or reminder follows as a job of its own.
//
// This file: what the use cases share (a schedule's view, its jobs, the notices) and the
// member's reads. create-schedule.ts, change-schedule.ts (amount, pause, resume, stop, card),
// card-events.ts (Paystack's), due-days.ts (the jobs).

export type Ctx = Pick<
  AppContext,
  'db' | 'config' | 'payments' | 'log' | 'mailer' | 'sms' | 'church' | 'now' | 'secrets'
>;
export type Schedule = typeof givingSchedules.$inferSelect;

/** The member's proved phone: the only one a schedule's prompt may go to. */
export async function provedPhoneOf(db: Db, userId: string) {
  const [row] = await db.select({ phone: provenPhone }).from(users).where(eq(users.id, userId));
  return row?.phone ?? null;
}

/** Due-day work starts at 07:00 in Ghana (UTC). */
export const dueAt = (day: string) => new Date(`${day}T07:00:00Z`);

export const JOB_KINDS = {
  due: 'recurring.due',
  notify: 'recurring.notify',
  end: 'recurring.end',
} as const;

export function view(row: Schedule): ScheduleView {
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
export async function ownSchedule(db: Db, userId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(givingSchedules)
    .where(and(eq(givingSchedules.id, id), eq(givingSchedules.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError(404, 'NOT_FOUND', m.shared_recurring_not_found());
  return row;
}

export function scheduleDue(db: Pick<Db, 'execute'>, scheduleId: string, dueOn: string) {
  return scheduleJob(db, {
    kind: JOB_KINDS.due,
    key: `recurring:${scheduleId}:${dueOn}`,
    runAt: dueAt(dueOn),
    payload: { scheduleId, dueOn },
  });
}

export async function setStatus(
  db: Db,
  id: string,
  status: Schedule['status'],
  nextDueOn: string | null,
) {
  const [row] = await db
    .update(givingSchedules)
    .set({ status, nextDueOn, updatedAt: new Date() })
    .where(eq(givingSchedules.id, id))
    .returning();
  return view(row!);
}

export function scheduleEnd(db: Pick<Db, 'execute'>, scheduleId: string, endOn: string) {
  // The day after the last day: a gift due on the end date is still taken.
  const after = new Date(dueAt(endOn).getTime() + 24 * 3600_000);
  return scheduleJob(db, {
    kind: JOB_KINDS.end,
    key: `recurring-end:${scheduleId}`,
    runAt: after,
    payload: { scheduleId },
  });
}

// ------------------------------------------------------------ notices

/** A schedule's gift as its notices name it: 'tithe of GHS 50.00' (in the language in force). */
export const whatOf = (schedule: { type: string; otherType: string | null; amount: number }) =>
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
export async function tellMember(
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

/** Opens the offering form filled in from the schedule. */
export const giveLink = (ctx: Pick<Ctx, 'config'>, scheduleId: string) =>
  `${ctx.config.publicUrl}/offerings?schedule=${scheduleId}`;

/** A schedule's prefill for the offering form (the reminder's one-tap link). */
export async function scheduleForGift(ctx: Pick<Ctx, 'db'>, userId: string, id: string) {
  return view(await ownSchedule(ctx.db, userId, id));
}
