import { z } from 'zod';
import { m } from '../../paraglide/messages.js';
import { checkField, isShown, isEmptyAnswer } from '../workers/answers.ts';
import { DECISION_REASON_MAX } from '../workers/decision.ts';
import { TEXTAREA_MAX, type Answers } from '../workers/fields.ts';
import { DECLARATION, formFor } from '../workers/form.ts';
import type { ApplicationRole } from '../workers/roles.ts';
import { passwordRequired } from '../accounts.ts';

// Server-side validation of a whole application, built from the one definition in
// shared/workers/form.ts (the web form checks each step with the same checkField).

const answerValue = z.union([
  z.string().max(TEXTAREA_MAX + 100, { error: () => m.shared_workers_answer_too_long() }),
  z.array(z.string().max(100)).max(20),
]);

/** The answers of a role's form: shown fields checked, hidden ones dropped, text trimmed. */
export function answersSchema(role: ApplicationRole) {
  const fields = formFor(role)!.flatMap((section) => section.fields);
  const shape = Object.fromEntries(fields.map((f) => [f.name, answerValue.optional()]));
  return z
    .object(shape)
    .strict()
    .superRefine((answers, ctx) => {
      for (const field of fields) {
        if (!isShown(field, answers as Answers)) continue;
        const problem = checkField(field, answers[field.name]);
        if (problem) ctx.addIssue({ code: 'custom', path: [field.name], message: problem });
      }
    })
    .transform((answers) => {
      const kept: Answers = {};
      for (const field of fields) {
        const value = answers[field.name];
        if (!isShown(field, answers as Answers) || isEmptyAnswer(value)) continue;
        kept[field.name] = typeof value === 'string' ? value.trim() : value;
      }
      return kept;
    });
}

const fileId = z.uuid({ error: () => m.shared_workers_upload_again() });

/** POST /api/workers/applications. The role is checked first (a forged one has no form). */
export const applicationSubmitSchema = z
  .object({
    role: z.string().max(40),
    answers: z.record(z.string().max(60), z.unknown()),
    [DECLARATION.name]: z.literal(true, {
      error: () => m.shared_workers_must_agree({ label: m.shared_workers_declaration_label() }),
    }),
    signature: fileId.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.signature) {
      ctx.addIssue({
        code: 'custom',
        path: ['signature'],
        message: m.shared_workers_signature_missing(),
      });
    }
  });

export type ApplicationSubmit = z.infer<typeof applicationSubmitSchema>;

export const workersGateSchema = z
  .object({
    // Only when not signed in (spec §2 Workers gate: the email is hidden for members).
    email: z.string().trim().max(254).optional(),
    password: z.string({ error: passwordRequired }).min(1, { error: passwordRequired }).max(128),
  })
  .strict();

export const decisionSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: () => m.shared_prayer_status() }),
    /** For a pastor: which appointment letter (spec §2 Appointment view). */
    pastorType: z.enum(['lay', 'full-time', 'full']).optional(),
    /** A rejection says why: the applicant is mailed it and reads it on /workers (issue 30). */
    reason: z
      .string()
      .trim()
      .max(DECISION_REASON_MAX, {
        error: () => m.shared_workers_at_most({ max: DECISION_REASON_MAX }),
      })
      .optional(),
  })
  .strict()
  .refine((d) => d.status !== 'rejected' || (d.reason ?? '') !== '', {
    path: ['reason'],
    error: () => m.shared_workers_reason_required(),
  });

export const applicationListQuery = z
  .object({
    status: z.enum(['pending', 'approved', 'rejected']).optional(),
    before: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
