import type { FastifyInstance } from 'fastify';
import { dayOf } from '../shared/recurring.ts';
import type { AppContext } from './context.ts';
import { eventJobHandlers } from './features/events/events.service.ts';
import { notificationJobHandlers } from './core/notify.ts';
import { sendDuePledgeReminders } from './features/pledges/pledges.service.ts';
import { recurringJobHandlers } from './features/recurring/recurring.service.ts';
import { onJobsDue, runDueJobs, scheduleJob, type JobHandler } from './platform/jobs.ts';

const PLEDGE_REMINDERS = 'pledges.reminders';

/** The day's pledge-reminder round: once a day, at 08:00 Ghana time (UTC). */
const pledgeRound = (day: string) => ({
  kind: PLEDGE_REMINDERS,
  key: `pledges:reminders:${day}`,
  runAt: new Date(`${day}T08:00:00Z`),
});

/** Every kind of job a feature schedules, with what runs it (platform/jobs.ts). */
export function jobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    ...recurringJobHandlers(ctx),
    ...eventJobHandlers(ctx),
    ...notificationJobHandlers(ctx),
    // Each reminder is sent once by its own row (pledges.service); the round only wakes it.
    [PLEDGE_REMINDERS]: async () => {
      const { failed } = await sendDuePledgeReminders(ctx, ctx.now());
      if (failed > 0) throw new Error(`${failed} pledge reminders could not be sent`);
    },
  };
}

/**
 * Runs every due job once across all instances (each instance looks every JOBS_INTERVAL).
 * The day's pledge round is scheduled first (a no-op once it is): a day the app was stopped
 * through gets its round when it starts.
 */
export async function runJobsNow(ctx: AppContext, now = ctx.now()) {
  await scheduleJob(ctx.db, pledgeRound(dayOf(now)));
  return runDueJobs(ctx.db, jobHandlers(ctx), { now, log: ctx.log });
}

/**
 * This instance's share of the job schedule: every interval it claims what is due (what fell
 * due while it was stopped included). Several instances may run it: a claim skips rows another
 * holds.
 */
export function startJobRunner(app: FastifyInstance, ctx: AppContext) {
  const interval = ctx.config.jobsIntervalMs;
  if (interval <= 0) return;
  let running: Promise<void> | undefined;
  /** Woken while running: look again as soon as this run ends. */
  let again = false;
  let closed = false;
  const tick = () => {
    // While draining nothing new is claimed; what runs is waited for (below).
    if (running || app.drain.draining || closed) return;
    running = runJobsNow(ctx)
      .then(({ ran, failed }) => {
        if (ran > 0) ctx.log.info({ jobs: { ran, failed } }, 'due jobs run');
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'the job runner failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          setImmediate(tick);
        }
      });
  };
  const timer = setInterval(tick, interval);
  timer.unref();
  // A job due now (a push a request left, decision 052) is looked for at once.
  const forget = onJobsDue(ctx.db, () => {
    if (running) again = true;
    else setImmediate(tick);
  });
  app.addHook('onReady', async () => tick());
  // Bounded by SHUTDOWN_TIMEOUT_MS; a job cut off there is taken again once its lease ends.
  app.drain.onFinish(async () => {
    clearInterval(timer);
    forget();
    await running;
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    forget();
  });
}
