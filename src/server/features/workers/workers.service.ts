import { desc, eq } from 'drizzle-orm';
import type { ApplicationStatus, WorkerRole } from '../../../shared/constants.ts';
import type { Answers } from '../../../shared/workers/fields.ts';
import { formFor } from '../../../shared/workers/form.ts';
import type { WorkerStatus } from '../../../shared/workers/responses.ts';
import type { AppContext } from '../../context.ts';
import { applicationDecisions, workerApplications } from '../../db/schema.ts';

// The workers portal (spec §2): a member's status and what the use cases share.
// workers-gate.ts, apply.ts (the member's side), review-applications.ts and
// decide-application.ts (the admins').

export type Ctx = Pick<AppContext, 'db'>;

/** Admins see an applicant's files through links that work this long. */
export const FILE_LINK_SECONDS = 10 * 60;

/** /workers (spec §2 Workers portal): decided by the member's latest application. */
export async function getWorkerStatus(ctx: Ctx, userId: string): Promise<WorkerStatus> {
  const [latest] = await ctx.db
    .select({
      id: workerApplications.id,
      role: workerApplications.role,
      status: workerApplications.status,
      createdAt: workerApplications.createdAt,
    })
    .from(workerApplications)
    .where(eq(workerApplications.userId, userId))
    .orderBy(desc(workerApplications.createdAt))
    .limit(1);
  if (!latest) return { status: 'not_applied', application: null };
  const [decision] =
    latest.status === 'rejected'
      ? await ctx.db
          .select({ reason: applicationDecisions.reason })
          .from(applicationDecisions)
          .where(eq(applicationDecisions.applicationId, latest.id))
          .orderBy(desc(applicationDecisions.createdAt))
          .limit(1)
      : [];
  return {
    status: latest.status as ApplicationStatus,
    application: {
      id: latest.id,
      role: latest.role as WorkerRole,
      createdAt: latest.createdAt.toISOString(),
      reason: decision?.reason ?? null,
    },
  };
}

/** The answers kept in form_data, without the file keys (those are not for the browser). */
export function answersOf(role: string, formData: unknown): Answers {
  const data = (formData ?? {}) as Record<string, unknown>;
  const fields = (formFor(role) ?? []).flatMap((s) => s.fields);
  const answers: Answers = {};
  for (const field of fields) {
    const value = data[field.name];
    if (field.kind === 'image') continue;
    if (typeof value === 'string' || Array.isArray(value)) answers[field.name] = value as never;
  }
  return answers;
}
