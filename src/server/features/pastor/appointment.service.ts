import { eq } from 'drizzle-orm';
import {
  APPOINTMENT_EFFECTIVE_DATE,
  LETTER_ROLES,
  letterKindOf,
  type AppointmentLetter,
  type AppointmentView,
} from '../../../shared/pastor.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { assemblies, workerApplications } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { renderPdf } from '../../platform/pdf.ts';
import type { SessionUser } from '../../core/session.ts';
import { findApprovedPastor, notSignedIn } from '../../core/pastor-access.ts';

// Spec §2 Appointment view: pastor_type 'full' or 'full-time' → the full pastor letter, 'lay'
// → the lay pastor letter, anything else (and anyone who is not an approved pastor) 'still
// under review or not approved'. The wording and signatories are the church's content.

type Ctx = Pick<AppContext, 'db' | 'church'>;

const notApproved: AppointmentView = {
  status: 'not_approved',
  message: m.shared_pastor_not_approved(),
};

export async function getAppointment(ctx: Ctx, user: SessionUser | null): Promise<AppointmentView> {
  if (!user) throw notSignedIn();
  const pastor = await findApprovedPastor(ctx, user.id);
  const kind = letterKindOf(pastor?.pastorType);
  const letters = ctx.church.appointmentLetters;
  if (!pastor || !kind) return notApproved;
  if (!letters) {
    throw new AppError(503, 'LETTERS_NOT_SET_UP', m.server_pastor_letters_not_set_up());
  }
  // The answers are read only here: every other call checks access without them.
  const [application] = await ctx.db
    .select({ formData: workerApplications.formData })
    .from(workerApplications)
    .where(eq(workerApplications.id, pastor.applicationId));
  const formData = (application?.formData ?? {}) as Record<string, unknown>;
  const answered = (name: string) => {
    const value = formData[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const fullName = answered('full_name') ?? pastor.fullName;
  const assemblySlug = answered('current_branch') ?? pastor.assemblyName;
  let assembly = assemblySlug ?? '';
  if (assemblySlug) {
    const [row] = await ctx.db
      .select({ label: assemblies.label })
      .from(assemblies)
      .where(eq(assemblies.slug, assemblySlug));
    if (row) assembly = row.label;
  }
  const role = LETTER_ROLES[kind];
  const fill = (text: string) =>
    text.replace(/\{(name|assembly|role|effectiveDate)\}/g, (_, field: string) =>
      field === 'name'
        ? fullName
        : field === 'assembly'
          ? assembly
          : field === 'role'
            ? role
            : APPOINTMENT_EFFECTIVE_DATE,
    );
  const letter: AppointmentLetter = {
    kind,
    title: letters[kind].title,
    churchName: ctx.church.churchName,
    registeredName: ctx.church.registeredName,
    fullName,
    assembly,
    role,
    effectiveDate: APPOINTMENT_EFFECTIVE_DATE,
    paragraphs: letters[kind].paragraphs.map(fill),
    signatories: letters.signatories,
  };
  return { status: 'appointed', letter };
}

/** The same letter as a PDF (A4, the shared PDF look of receipts and statements). */
export async function renderAppointmentPdf(
  ctx: Ctx,
  user: SessionUser | null,
): Promise<{ fileName: string; body: Buffer }> {
  const view = await getAppointment(ctx, user);
  if (view.status !== 'appointed') throw new AppError(404, 'NOT_APPROVED', view.message);
  const { letter } = view;
  const body = await renderPdf({
    title: letter.title,
    header: { name: letter.registeredName, lines: [letter.churchName] },
    blocks: [
      {
        kind: 'facts',
        items: [
          [m.pdf_pastor_name(), letter.fullName],
          [m.pdf_pastor_assembly(), letter.assembly],
          [m.pdf_pastor_role(), letter.role],
          [m.pdf_pastor_effective_date(), letter.effectiveDate],
        ],
      },
      ...letter.paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
      {
        kind: 'signatures',
        lines: letter.signatories.map((s) => ({ name: s.name, role: s.title })),
      },
    ],
  });
  const slug = letter.fullName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'pastor';
  return { fileName: `appointment-letter-${slug}.pdf`, body };
}
