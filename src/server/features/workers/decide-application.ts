import { eq } from 'drizzle-orm';
import type { ApplicationStatus, WorkerRole } from '../../../shared/constants.ts';
import { ROLE_LABELS } from '../../../shared/workers/roles.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { applicationDecisions, workerApplications } from '../../db/schema.ts';
import { announceAccessChange } from '../../platform/realtime.ts';
import { notify } from '../../core/notify.ts';
import type { SessionUser } from '../../core/session.ts';
import { notFound } from './review-applications.ts';

// An admin decides an application; the applicant hears it by their channels.

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
    message: m.shared_workers_marked({ status: input.status }),
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
