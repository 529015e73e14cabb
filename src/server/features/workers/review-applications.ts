import { and, desc, eq, lt } from 'drizzle-orm';
import type { ApplicationStatus, WorkerRole } from '../../../shared/constants.ts';
import type { ApplicationDetail, ApplicationSummary } from '../../../shared/workers/responses.ts';
import type { UploadKind } from '../../../shared/workers/uploads.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import {
  applicationDecisions,
  applicationFiles,
  users,
  workerApplications,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { FILE_LINK_SECONDS, answersOf, type Ctx } from './workers.service.ts';

// The admins' side: the applications, one page at a time, and one application with its files.

const PAGE_SIZE = 50;

/** /admin/applications: every application, newest first, by status, 50 at a time. */
export async function listApplications(
  ctx: Ctx,
  options: { status?: ApplicationStatus | undefined; before?: string | undefined },
): Promise<{ applications: ApplicationSummary[]; nextBefore: string | null }> {
  const conditions = [
    options.status ? eq(workerApplications.status, options.status) : undefined,
    options.before ? lt(workerApplications.createdAt, new Date(options.before)) : undefined,
  ].filter(Boolean);
  const rows = await ctx.db
    .select({
      id: workerApplications.id,
      role: workerApplications.role,
      status: workerApplications.status,
      createdAt: workerApplications.createdAt,
      applicantName: users.fullName,
      applicantEmail: users.email,
    })
    .from(workerApplications)
    .innerJoin(users, eq(users.id, workerApplications.userId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(workerApplications.createdAt), desc(workerApplications.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  return {
    applications: page.map(summaryOf),
    nextBefore: rows.length > PAGE_SIZE ? page.at(-1)!.createdAt.toISOString() : null,
  };
}

function summaryOf(row: {
  id: string;
  role: string;
  status: string;
  createdAt: Date;
  applicantName: string;
  applicantEmail: string;
}): ApplicationSummary {
  return {
    id: row.id,
    role: row.role as WorkerRole,
    status: row.status as ApplicationStatus,
    createdAt: row.createdAt.toISOString(),
    applicantName: row.applicantName,
    applicantEmail: row.applicantEmail,
  };
}

export const notFound = () => new AppError(404, 'NOT_FOUND', m.server_workers_not_found());

export async function getApplication(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  id: string,
): Promise<ApplicationDetail> {
  const [row] = await ctx.db
    .select({
      id: workerApplications.id,
      role: workerApplications.role,
      status: workerApplications.status,
      createdAt: workerApplications.createdAt,
      formData: workerApplications.formData,
      pastorType: workerApplications.pastorType,
      applicantName: users.fullName,
      applicantEmail: users.email,
    })
    .from(workerApplications)
    .innerJoin(users, eq(users.id, workerApplications.userId))
    .where(eq(workerApplications.id, id));
  if (!row) throw notFound();

  const [files, decisions] = await Promise.all([
    ctx.db
      .select({ kind: applicationFiles.kind, key: applicationFiles.storageKey })
      .from(applicationFiles)
      .where(eq(applicationFiles.applicationId, id)),
    ctx.db
      .select()
      .from(applicationDecisions)
      .where(eq(applicationDecisions.applicationId, id))
      .orderBy(desc(applicationDecisions.createdAt)),
  ]);
  const link = async (kind: UploadKind) => {
    const file = files.find((f) => f.kind === kind);
    return file ? ctx.storage.signedUrl(file.key, { expiresInSeconds: FILE_LINK_SECONDS }) : null;
  };

  return {
    ...summaryOf(row),
    answers: answersOf(row.role, row.formData),
    pastorType: row.pastorType,
    files: { passportPhoto: await link('passport_photo'), signature: await link('signature') },
    decisions: decisions.map((d) => ({
      status: d.status as ApplicationStatus,
      previousStatus: d.previousStatus as ApplicationStatus,
      pastorType: d.pastorType,
      reason: d.reason,
      decidedBy: d.decidedByEmail,
      decidedAt: d.createdAt.toISOString(),
    })),
  };
}
