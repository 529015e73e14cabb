import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Answers } from '../../shared/workers/fields.ts';
import type { ApplicationRole } from '../../shared/workers/roles.ts';
import { applicationFiles } from '../db/schema.ts';
import { memberSession, ORIGIN, someClient } from './accounts.ts';
import { validAnswers } from './application-answers.ts';
import type { TestApp } from './test-app.ts';

export { validAnswers };

// Applicants for tests: real images, real multipart uploads, a whole valid application.

/** A real JPEG photo (a flat colour, `width`×`height`). */
export const jpegPhoto = (width = 300, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#8a5a3c' } })
    .jpeg()
    .toBuffer();

/** A real PNG, as the signature pad makes. */
export const pngSignature = () =>
  sharp({ create: { width: 500, height: 150, channels: 4, background: '#00000000' } })
    .png()
    .toBuffer();

/** A multipart/form-data body as a browser sends it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function uploadFile(
  t: TestApp,
  cookie: string | undefined,
  kind: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  const body = await multipart({ kind }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/workers/files',
    payload: body.payload,
    headers: { ...body.headers, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: someClient(),
  });
}

/** Uploads a photo and a signature and returns their ids. */
export async function uploadApplicantFiles(t: TestApp, cookie: string) {
  const photo = await uploadFile(t, cookie, 'passport_photo', {
    name: 'me.jpg',
    type: 'image/jpeg',
    bytes: await jpegPhoto(),
  });
  expect(photo.statusCode, photo.body).toBe(201);
  const signature = await uploadFile(t, cookie, 'signature', {
    name: 'signature.png',
    type: 'image/png',
    bytes: await pngSignature(),
  });
  expect(signature.statusCode, signature.body).toBe(201);
  return { photoId: photo.json().id as string, signatureId: signature.json().id as string };
}

export async function submitApplication(
  t: TestApp,
  cookie: string,
  role: string,
  answers: Answers,
  extra: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/workers/applications',
    payload: { role, answers, agree_terms: true, ...extra },
    headers: { origin: ORIGIN, cookie },
    remoteAddress: someClient(),
  });
}

/** A member with a whole, valid pending application of `role`. */
export async function pendingApplicant(
  t: TestApp,
  email: string,
  role: ApplicationRole = 'pastor',
  overrides: Answers = {},
) {
  const cookie = await memberSession(t, email);
  const { photoId, signatureId } = await uploadApplicantFiles(t, cookie);
  const res = await submitApplication(
    t,
    cookie,
    role,
    validAnswers(role, { passport_photo: photoId, email, ...overrides }),
    { signature: signatureId },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { cookie, applicationId: res.json().id as string };
}

/** An admin decides an application (a rejection gives a reason unless one is given). */
export async function decide(
  t: TestApp,
  adminCookie: string,
  applicationId: string,
  status: 'approved' | 'rejected',
  { pastorType, reason }: { pastorType?: string; reason?: string } = {},
) {
  const why = reason ?? (status === 'rejected' ? 'Not this time.' : undefined);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/applications/${applicationId}/decision`,
    payload: { status, ...(pastorType ? { pastorType } : {}), ...(why ? { reason: why } : {}) },
    headers: { origin: ORIGIN, cookie: adminCookie },
  });
}

/**
 * A member whose pastor application an admin approved (the pastor portal's users); `answers`
 * beside the form's valid ones (e.g. `current_branch`, the assembly they pastor).
 */
export async function approvedPastor(
  t: TestApp,
  email: string,
  adminCookie: string,
  pastorType: 'lay' | 'full-time' = 'full-time',
  answers: Answers = {},
) {
  const applicant = await pendingApplicant(t, email, 'pastor', {
    pastor_type: pastorType,
    ...answers,
  });
  const res = await decide(t, adminCookie, applicant.applicationId, 'approved');
  expect(res.statusCode, res.body).toBe(200);
  return applicant;
}

/** An uploaded file's row and what the store keeps under its key. */
export async function storedUpload(t: TestApp, id: string) {
  const [row] = await t.db.select().from(applicationFiles).where(eq(applicationFiles.id, id));
  return { row: row!, stored: (await t.app.ctx.storage.get(row!.storageKey))! };
}
