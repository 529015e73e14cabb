import type { FastifyInstance } from 'fastify';
import { dayOf } from '../shared/recurring.ts';
import type { AppContext } from './context.ts';
import { features } from './features/index.ts';
import { onJobsDue, runDueJobs, scheduleJob, type JobHandler } from './platform/jobs.ts';

/** Every kind of job a feature schedules, with what runs it (platform/jobs.ts). */
export function jobHandlers(ctx: AppContext): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const feature of features) {
    for (const [kind, handler] of Object.entries(feature.jobs?.(ctx) ?? {})) {
      if (kind in handlers) throw new Error(`Two features run the job kind ${kind}`);
      handlers[kind] = handler;
    }
  }
  return handlers;
}

/**
 * Runs every due job once across all instances (each instance looks every JOBS_INTERVAL).
 * The features' jobs of the day (the pledge round) are scheduled first (a no-op once they
 * are): a day the app was stopped through gets them when it starts.
 */
export async function runJobsNow(ctx: AppContext, now = ctx.now()) {
  for (const feature of features) {
    for (const job of feature.daily?.(dayOf(now)) ?? []) await scheduleJob(ctx.db, job);
  }
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
