import { and, desc, eq, sql } from 'drizzle-orm';
import { m } from '../../paraglide/messages.js';
import type { AppContext } from '../context.ts';
import { users, workerApplications } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { SessionUser } from './session.ts';

// Who gets into the pastor portal (issue 9 #1): a member whose latest worker application is
// an approved pastor application, as /workers decides. Asked on every call, HTTP and socket.

type Ctx = Pick<AppContext, 'db'>;

export interface Pastor {
  id: string;
  email: string;
  fullName: string;
  applicationId: string;
  pastorType: string | null;
  assemblyName: string | null;
}

/** The member's latest application when it is an approved pastor's, else null. */
export async function findApprovedPastor(ctx: Ctx, userId: string): Promise<Pastor | null> {
  const [latest] = await ctx.db
    .select({
      applicationId: workerApplications.id,
      role: workerApplications.role,
      status: workerApplications.status,
      pastorType: workerApplications.pastorType,
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      assemblyName: users.assemblyName,
    })
    .from(workerApplications)
    .innerJoin(users, eq(users.id, workerApplications.userId))
    .where(eq(workerApplications.userId, userId))
    .orderBy(desc(workerApplications.createdAt))
    .limit(1);
  if (!latest || latest.role !== 'pastor' || latest.status !== 'approved') return null;
  return {
    id: latest.id,
    email: latest.email,
    fullName: latest.fullName,
    applicationId: latest.applicationId,
    pastorType: latest.pastorType,
    assemblyName: latest.assemblyName,
  };
}

export const notSignedIn = () => new AppError(401, 'UNAUTHENTICATED', m.server_pastor_log_in());
export const notAPastor = () => new AppError(403, 'NOT_A_PASTOR', m.shared_pastor_only_pastors());

/** 401 without a session, 403 for anyone but an approved pastor. */
export async function requirePastor(ctx: Ctx, user: SessionUser | null): Promise<Pastor> {
  if (!user) throw notSignedIn();
  const pastor = await findApprovedPastor(ctx, user.id);
  if (!pastor) throw notAPastor();
  return pastor;
}

/** Every approved pastor (latest application approved, role pastor), by name. */
export async function listApprovedPastors(ctx: Ctx) {
  const latest = ctx.db
    .selectDistinctOn([workerApplications.userId], {
      userId: workerApplications.userId,
      role: workerApplications.role,
      status: workerApplications.status,
    })
    .from(workerApplications)
    .orderBy(workerApplications.userId, desc(workerApplications.createdAt))
    .as('latest');
  return ctx.db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.userId))
    .where(and(eq(latest.role, 'pastor'), eq(latest.status, 'approved')))
    .orderBy(users.fullName, users.id);
}

/**
 * The assembly an approved pastor serves: the branch named in the pastor application an admin
 * approved (`current_branch`), not the profile's, which any member edits. `undefined`: not an
 * approved pastor; null: a pastor whose application names no branch.
 */
export async function findPastorAssembly(
  ctx: Ctx,
  userId: string,
): Promise<string | null | undefined> {
  const [latest] = await ctx.db
    .select({
      role: workerApplications.role,
      status: workerApplications.status,
      branch: sql<string | null>`${workerApplications.formData}->>'current_branch'`,
    })
    .from(workerApplications)
    .where(eq(workerApplications.userId, userId))
    .orderBy(desc(workerApplications.createdAt))
    .limit(1);
  if (!latest || latest.role !== 'pastor' || latest.status !== 'approved') return undefined;
  return latest.branch ?? null;
}
