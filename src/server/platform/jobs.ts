import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scheduledJobs } from '../db/schema.ts';

// The durable job schedule (issue 33, decision 034): rows in `scheduled_jobs`, claimed with
// FOR UPDATE SKIP LOCKED so several instances never take the same one, leased so a job whose
// instance died (kill -9) is taken again once its lease runs out, and run after their time
// even when that passed while everything was stopped. A job may therefore run again after a
// crash: handlers make their own effects happen once (a unique row written before the
// effect). No library fits both PGlite and PostgreSQL (pg-boss and graphile-worker need a
// PostgreSQL connection of their own), so it is this small.

export interface Job {
  id: string;
  kind: string;
  key: string;
  runAt: Date;
  payload: Record<string, unknown>;
  attempts: number;
}

/** What runs a kind of job. It gets a database that is not inside the claim. */
export type JobHandler = (job: Job) => Promise<void>;

/** How long a claimed job is its instance's before another may take it. */
export const JOB_LEASE_MS = 5 * 60_000;
/** A job that failed this often is left with its error (and logged) rather than retried. */
export const JOB_MAX_ATTEMPTS = 8;

type Runner = Pick<Db, 'execute'>;

/** This process's job runners per database: woken when work falls due now (wakeJobRunners). */
const runners = new WeakMap<object, Set<() => void>>();

/** Registers a runner to wake; returns how to forget it. */
export function onJobsDue(db: object, wake: () => void): () => void {
  let set = runners.get(db);
  if (!set) runners.set(db, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

/**
 * Asks this process's runners to look for due jobs now rather than at their next interval:
 * work a request left to a job (a push) goes within moments, and the request does not wait.
 * Without a runner here (JOBS_INTERVAL_SECONDS=0) another instance's interval takes it.
 */
export function wakeJobRunners(db: object) {
  for (const wake of runners.get(db) ?? []) wake();
}

/** Schedules a job once: a second call with the same key changes nothing. */
export async function scheduleJob(
  db: Runner,
  job: { kind: string; key: string; runAt: Date; payload?: Record<string, unknown> },
): Promise<void> {
  await db.execute(sql`
    insert into ${scheduledJobs} (kind, key, run_at, payload)
    values (${job.kind}, ${job.key}, ${job.runAt.toISOString()}::timestamptz, ${JSON.stringify(job.payload ?? {})}::jsonb)
    on conflict (key) do nothing`);
}

interface JobRow {
  id: string;
  kind: string;
  key: string;
  run_at: string | Date;
  payload: Record<string, unknown> | string;
  attempts: number;
}

/** Takes up to `limit` due jobs for this instance (a lease), skipping those another holds. */
export async function claimDueJobs(db: Runner, now: Date, limit: number): Promise<Job[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    update ${scheduledJobs} set
      locked_until = ${at}::timestamptz + make_interval(secs => ${JOB_LEASE_MS / 1000}),
      attempts = attempts + 1
    where id in (
      select id from ${scheduledJobs}
      where done_at is null and run_at <= ${at}::timestamptz
        and (locked_until is null or locked_until <= ${at}::timestamptz)
        and attempts < ${JOB_MAX_ATTEMPTS}
      order by run_at
      limit ${limit}
      for update skip locked)
    returning id, kind, key, run_at, payload, attempts`);
  return (result as unknown as { rows: JobRow[] }).rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    key: row.key,
    runAt: new Date(row.run_at),
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attempts: Number(row.attempts),
  }));
}

async function finish(db: Runner, job: Job, error: unknown, now: Date) {
  if (error === undefined) {
    await db.execute(sql`
      update ${scheduledJobs} set done_at = ${now.toISOString()}::timestamptz, locked_until = null, last_error = null
      where id = ${job.id}`);
    return;
  }
  // Again later, a little later each time: 1, 2, 4 … minutes.
  const backoffSeconds = 60 * 2 ** Math.min(job.attempts - 1, 6);
  await db.execute(sql`
    update ${scheduledJobs} set locked_until = null, last_error = ${String(error instanceof Error ? error.message : error).slice(0, 1000)},
      run_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${backoffSeconds})
    where id = ${job.id}`);
}

/**
 * Runs what is due: claims, runs each job by its kind's handler, marks it done (or due again
 * later with its error). Returns how many ran and failed.
 */
export async function runDueJobs(
  db: Runner,
  handlers: Record<string, JobHandler>,
  options: { now: Date; limit?: number; log?: { error: (obj: object, msg: string) => void } },
): Promise<{ ran: number; failed: number }> {
  const jobs = await claimDueJobs(db, options.now, options.limit ?? 20);
  let failed = 0;
  for (const job of jobs) {
    const handler = handlers[job.kind];
    let error: unknown;
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job);
    } catch (caught) {
      error = caught ?? new Error('job failed');
      failed++;
      options.log?.error({ err: caught, job: job.key, attempts: job.attempts }, 'a job failed');
    }
    await finish(db, job, error, options.now);
  }
  return { ran: jobs.length, failed };
}
