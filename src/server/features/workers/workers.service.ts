import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import type { ApplicationStatus, WorkerRole } from '../../../shared/constants.ts';
import {
  answersSchema,
  UPLOAD_MAX_BYTES,
  type ApplicationSubmit,
  type UploadKind,
} from '../../../shared/schemas/workers.ts';
import {
  formFor,
  isApplicationRole,
  ROLE_LABELS,
  WORKER_MESSAGES,
  type ApplicationDetail,
  type ApplicationSummary,
  type Answers,
  type WorkerStatus,
} from '../../../shared/workers.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import {
  applicationDecisions,
  applicationFiles,
  users,
  workerApplications,
  workersGateGrants,
} from '../../db/schema.ts';
import { AppError, fieldsFromZod } from '../../http/errors.ts';
import { processImage } from '../../platform/images.ts';
import { announceAccessChange } from '../../platform/realtime.ts';
import { isAssemblyOffered } from '../../core/church.ts';
import { notify } from '../../core/notify.ts';
import type { SessionUser } from '../../core/session.ts';
import { startPasswordAttempt } from '../../core/sign-in-limits.ts';

type Ctx = Pick<AppContext, 'db'>;

/** Admins see an applicant's files through links that work this long. */
const FILE_LINK_SECONDS = 10 * 60;

// ---------------------------------------------------------------- the member's side

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

export interface GateInput {
  email?: string | undefined;
  password: string;
}

/**
 * The workers gate (spec §2): the password is checked by the server. A signed-in member
 * re-enters their own; anyone else signs in with email and password (and gets a session,
 * returned as headers). Limited like login: per account and client.
 */
export async function passWorkersGate(
  ctx: AppContext,
  input: GateInput,
  request: { headers: Headers; ip: string; user: SessionUser | null },
): Promise<{ headers: Headers | null }> {
  const email = (request.user?.email ?? input.email ?? '').trim().toLowerCase();
  if (!email) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_workers_fields_attention(), {
      email: m.server_workers_email_required(),
    });
  }
  // Limited like sign-in, whose counts it shares: only wrong passwords count (decision 028).
  const attempt = await startPasswordAttempt(ctx, {
    email,
    password: input.password,
    ip: request.ip,
  });

  let headers: Headers | null = null;
  let userId: string;
  try {
    if (request.user) {
      await ctx.auth.api.verifyPassword({
        headers: request.headers,
        body: { password: input.password },
      });
      userId = request.user.id;
    } else {
      const result = await ctx.auth.api.signInEmail({
        headers: request.headers,
        body: { email, password: input.password },
        returnHeaders: true,
      });
      headers = result.headers;
      userId = result.response.user.id;
    }
  } catch (error) {
    if (isAPIError(error)) {
      const body = error.body as { code?: string; message?: string } | undefined;
      // The auth library's own words are English: the two a wrong password gets, in the
      // member's language.
      const message =
        body?.code === 'INVALID_PASSWORD'
          ? m.server_workers_invalid_password()
          : body?.code === 'INVALID_EMAIL_OR_PASSWORD' || !body?.message
            ? m.server_workers_invalid_login()
            : body.message;
      throw new AppError(error.statusCode === 403 ? 403 : 401, body?.code ?? 'AUTH_ERROR', message);
    }
    throw error;
  }
  await attempt.succeeded();
  await ctx.db.insert(workersGateGrants).values({ userId });
  return { headers };
}

/**
 * Keeps an uploaded passport photo or signature as a private file of its uploader, after
 * checking it is an image by its bytes and re-encoding it. Returns the file's id, which the
 * application then names.
 */
export async function saveApplicationFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  userId: string,
  kind: UploadKind,
  bytes: Buffer,
): Promise<{ id: string }> {
  if (bytes.length > UPLOAD_MAX_BYTES[kind]) {
    throw new AppError(413, 'FILE_TOO_LARGE', fileTooLarge(kind));
  }
  if (bytes.length === 0) throw new AppError(400, 'EMPTY_FILE', m.server_workers_file_empty());
  const image = await processImage(bytes, kind === 'signature' ? 'signature' : 'photo');
  const id = randomUUID();
  const key = `applications/${userId}/${id}-${kind}.${image.extension}`;
  await ctx.storage.put(key, image.body, image.contentType);
  await ctx.db.insert(applicationFiles).values({
    id,
    userId,
    kind,
    storageKey: key,
    contentType: image.contentType,
    size: image.body.length,
  });
  return { id };
}

export function fileTooLarge(kind: UploadKind): string {
  const mb = UPLOAD_MAX_BYTES[kind] / (1024 * 1024);
  const size = mb >= 1 ? `${mb} MB` : `${Math.round(mb * 1024)} KB`;
  return m.server_workers_file_too_large({ size });
}

const isUniqueViolation = (error: unknown) => {
  const code =
    (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
};

const alreadyPending = () => new AppError(409, 'ALREADY_PENDING', WORKER_MESSAGES.alreadyPending);

/**
 * Checks the whole submission against the role's definition and stores it as pending
 * (spec §4), taking the uploaded files. One pending application per member.
 */
export async function submitApplication(
  ctx: Ctx,
  userId: string,
  input: ApplicationSubmit,
): Promise<{ id: string; status: 'pending' }> {
  if (!isApplicationRole(input.role)) {
    throw new AppError(400, 'NO_FORM', WORKER_MESSAGES.noForm(input.role));
  }
  const parsed = answersSchema(input.role).safeParse(input.answers);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      Object.entries(fieldsFromZod(parsed.error)).map(([k, v]) => [`answers.${k}`, v]),
    );
    throw new AppError(400, 'VALIDATION_ERROR', m.server_workers_answers_attention(), fields);
  }
  const answers = parsed.data;
  const branch = answers.current_branch;
  if (typeof branch === 'string' && !(await isAssemblyOffered(ctx, branch))) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_workers_answers_attention(), {
      'answers.current_branch': m.server_workers_choose_branch(),
    });
  }

  const photoId = answers.passport_photo as string;
  const signatureId = input.signature!;

  return ctx.db.transaction(async (tx) => {
    // The latest application decides /workers: a pending one is still open, an approved one
    // stands (applying again would hide it); after a rejection the member may apply again.
    const [latest] = await tx
      .select({ status: workerApplications.status })
      .from(workerApplications)
      .where(eq(workerApplications.userId, userId))
      .orderBy(desc(workerApplications.createdAt))
      .limit(1);
    if (latest?.status === 'pending') throw alreadyPending();
    if (latest?.status === 'approved') {
      throw new AppError(409, 'ALREADY_APPROVED', m.server_workers_already_approved());
    }

    const files = await tx
      .select()
      .from(applicationFiles)
      .where(
        and(
          inArray(applicationFiles.id, [photoId, signatureId]),
          eq(applicationFiles.userId, userId),
          isNull(applicationFiles.applicationId),
        ),
      );
    const photo = files.find((f) => f.id === photoId && f.kind === 'passport_photo');
    const signature = files.find((f) => f.id === signatureId && f.kind === 'signature');
    if (!photo || !signature) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_workers_upload_again(), {
        ...(photo ? {} : { 'answers.passport_photo': m.server_workers_photo_again() }),
        ...(signature ? {} : { signature: m.server_workers_sign_again() }),
      });
    }

    let application: { id: string };
    try {
      [application] = (await tx
        .insert(workerApplications)
        .values({
          userId,
          role: input.role,
          status: 'pending',
          formData: {
            ...answers,
            passport_photo: photo.storageKey,
            signatureImage: signature.storageKey,
          },
          pastorType:
            input.role === 'pastor' ? ((answers.pastor_type as string | undefined) ?? null) : null,
        })
        .returning({ id: workerApplications.id })) as [{ id: string }];
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyPending();
      throw error;
    }
    await tx
      .update(applicationFiles)
      .set({ applicationId: application.id })
      .where(inArray(applicationFiles.id, [photo.id, signature.id]));
    return { id: application.id, status: 'pending' as const };
  });
}

/** The applicant's own latest application with their answers (never anyone else's). */
export async function findOwnApplication(ctx: Ctx, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(workerApplications)
    .where(eq(workerApplications.userId, userId))
    .orderBy(desc(workerApplications.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    role: row.role as WorkerRole,
    status: row.status as ApplicationStatus,
    createdAt: row.createdAt.toISOString(),
    answers: answersOf(row.role, row.formData),
  };
}

/** The answers kept in form_data, without the file keys (those are not for the browser). */
function answersOf(role: string, formData: unknown): Answers {
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

// ---------------------------------------------------------------- the admins' side

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

const notFound = () => new AppError(404, 'NOT_FOUND', m.server_workers_not_found());

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

/**
 * Approve or reject (spec §2 Admin). Approving a pastor records which letter they get
 * (pastor_type: the form's answer unless the admin changes it); a rejection keeps its reason.
 * Every decision is kept, and the applicant is mailed it (issue 30), and sent it by SMS too
 * when they chose SMS for receipts and codes and have a phone (issue 32).
 */
export async function decideApplication(
  ctx: Pick<
    AppContext,
    'db' | 'mailer' | 'sms' | 'church' | 'config' | 'realtime' | 'log' | 'secrets' | 'now'
  >,
  admin: SessionUser,
  id: string,
  input: {
    status: 'approved' | 'rejected';
    pastorType?: 'lay' | 'full-time' | 'full' | undefined;
    reason?: string | undefined;
  },
): Promise<{ message: string; status: ApplicationStatus; pastorType: string | null }> {
  const decided = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: workerApplications.userId,
        status: workerApplications.status,
        role: workerApplications.role,
        pastorType: workerApplications.pastorType,
      })
      .from(workerApplications)
      .where(eq(workerApplications.id, id))
      .for('update', { of: workerApplications });
    if (!row) throw notFound();
    const pastorType =
      row.role === 'pastor' ? (input.pastorType ?? row.pastorType ?? 'full-time') : null;
    const reason = input.status === 'rejected' ? (input.reason ?? null) : null;
    await tx
      .update(workerApplications)
      .set({ status: input.status, pastorType, reviewedBy: admin.id, reviewedAt: new Date() })
      .where(eq(workerApplications.id, id));
    const [decision] = await tx
      .insert(applicationDecisions)
      .values({
        applicationId: id,
        decidedBy: admin.id,
        decidedByEmail: admin.email,
        previousStatus: row.status,
        status: input.status,
        pastorType,
        reason,
      })
      .returning({ id: applicationDecisions.id });
    return {
      decisionId: decision!.id,
      userId: row.userId,
      role: row.role as WorkerRole,
      pastorType,
      reason,
    };
  });
  // The applicant's open sockets (pastor portal) check again now, on every instance.
  await announceAccessChange(ctx, decided.userId);

  const d = { ...decided, status: input.status };
  try {
    await notify(ctx, {
      userId: decided.userId,
      kind: 'application.decided',
      key: decided.decisionId,
      url: '/workers',
      texts: () => {
        const mail = decisionMail(ctx, d);
        return {
          title: mail.subject,
          body:
            input.status === 'approved' ? m.server_workers_open_portal() : (decided.reason ?? ''),
          email: { subject: mail.subject, text: mail.text },
          sms: decisionSms(ctx, d),
        };
      },
    });
  } catch (error) {
    // The decision stands and /workers shows it; the admin is not failed for a notice.
    ctx.log.error({ err: error, applicationId: id }, 'decision notice not written');
  }
  return {
    message: WORKER_MESSAGES.marked(input.status),
    status: input.status,
    pastorType: decided.pastorType,
  };
}

/**
 * The decision mail in an SMS (issue 32): the reason in full, the portal's address. GSM-7 in
 * either language: the Twi SMS texts write ɛ/ɔ as e/o (they are not GSM-7), and so does the
 * role's name here.
 */
function decisionSms(
  ctx: Pick<AppContext, 'config' | 'church'>,
  d: { role: WorkerRole; status: 'approved' | 'rejected'; reason: string | null },
) {
  const role = ROLE_LABELS[d.role].toLowerCase().replace(/ɛ/g, 'e').replace(/ɔ/g, 'o');
  const church = ctx.church.churchName.slice(0, 40);
  const portal = `${ctx.config.publicUrl}/workers`;
  return d.status === 'approved'
    ? m.sms_workers_approved({ church, role, portal })
    : m.sms_workers_rejected({ church, role, reason: d.reason ?? '', portal });
}

/** What the applicant is mailed when an admin decides (issue 30). */
function decisionMail(
  ctx: Pick<AppContext, 'config'>,
  d: { role: WorkerRole; status: 'approved' | 'rejected'; reason: string | null },
) {
  const role = ROLE_LABELS[d.role].toLowerCase();
  const portal = `${ctx.config.publicUrl}/workers`;
  return d.status === 'approved'
    ? {
        subject: m.mail_workers_approved_subject({ role }),
        text: m.mail_workers_approved_text({ role, portal }),
      }
    : {
        subject: m.mail_workers_rejected_subject({ role }),
        text: m.mail_workers_rejected_text({ role, reason: d.reason ?? '', portal }),
      };
}
