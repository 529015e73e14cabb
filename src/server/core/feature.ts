import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import type { JobHandler, scheduleJob } from '../platform/jobs.ts';

// What a feature tells the app about itself, once (issue 49, decision 055): each folder
// features/<name>/ has a <name>.feature.ts exporting one of these, and features/index.ts finds
// them: the app registers the routes, the job runner takes the jobs, the authorisation matrix
// test reads the rows. Nothing else keeps a list of features.

/**
 * What buildApp's caller may tune in a feature (tests: shorter timers, smaller limits). Empty
 * here: a feature that takes some declares its own fields (declaration merging, as
 * pastor.feature.ts does), so core names no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features
export interface FeatureOptions {}

/** A job to schedule for a day (platform/jobs.ts; its key makes it once). */
export type DailyJob = Parameters<typeof scheduleJob>[1];

export interface Feature {
  /** The folder's name: features/<name>/. */
  name: string;
  /**
   * Where it comes in the list (features/index.ts): lower first, then by name; 0 when left out.
   * Only where it matters (health answers before anything else is registered).
   */
  order?: number;
  /** Its HTTP routes: one Fastify plugin, given the context and buildApp's options. */
  routes?: FastifyPluginAsync<{ ctx: AppContext; options: FeatureOptions }>;
  /** Each kind of job it schedules, with what runs it (platform/jobs.ts). */
  jobs?: (ctx: AppContext) => Record<string, JobHandler>;
  /**
   * The jobs of a day (YYYY-MM-DD), scheduled before each run of the job runner: a day the
   * app was stopped through still gets them when it starts.
   */
  daily?: (day: string) => DailyJob[];
  /** Work begun with the app (timers, start-up writes); it stops on the app's own hooks. */
  start?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /**
   * Its rows of the authorisation matrix (<name>.matrix.ts), loaded only by the tests that
   * compose the matrix (testing/authorization-matrix.ts).
   */
  matrix?: () => Promise<{ rows: Record<string, readonly unknown[]> }>;
}
