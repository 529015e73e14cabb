import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ApplicationStatus, WorkerRole } from '../../../shared/constants.ts';
import { answersSchema, type ApplicationSubmit } from '../../../shared/schemas/workers.ts';
import { isApplicationRole } from '../../../shared/workers/roles.ts';
import { UPLOAD_MAX_BYTES, type UploadKind } from '../../../shared/workers/uploads.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { applicationFiles, workerApplications } from '../../db/schema.ts';
import { AppError, fieldsFromZod } from '../../http/errors.ts';
import { processImage } from '../../platform/images.ts';
import { isAssemblyOffered } from '../../core/church.ts';
import { answersOf, type Ctx } from './workers.service.ts';

// The member's side: uploading the photo and signature, applying, their own application.

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

const alreadyPending = () =>
  new AppError(409, 'ALREADY_PENDING', m.shared_workers_already_pending());

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
    throw new AppError(400, 'NO_FORM', m.shared_workers_no_form({ role: input.role }));
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
