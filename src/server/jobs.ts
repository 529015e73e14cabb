import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { recurringJobHandlers } from './features/recurring/recurring.service.ts';
import { runDueJobs, type JobHandler } from './platform/jobs.ts';

/** Every kind of job a feature schedules, with what runs it (platform/jobs.ts). */
export function jobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return { ...recurringJobHandlers(ctx) };
}

/** Runs every due job once across all instances (each instance looks every JOBS_INTERVAL). */
export async function runJobsNow(ctx: AppContext, now = ctx.now()) {
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
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runJobsNow(ctx)
      .then(({ ran, failed }) => {
        if (ran > 0) ctx.log.info({ jobs: { ran, failed } }, 'due jobs run');
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'the job runner failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, interval);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => clearInterval(timer));
}
