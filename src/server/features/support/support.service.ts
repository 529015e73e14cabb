import { eq } from 'drizzle-orm';
import { SUPPORT_FIELDS, type SupportValues } from '../../../shared/schemas/support.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { supportRequests, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { provenPhone } from '../../platform/sms/sms.ts';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'church' | 'log'>;

/**
 * What the support team reads (the stored title of a call-back, the inbox's mail): English,
 * the team's language, whoever wrote in. The inbox has no account to keep another.
 */
const team = { locale: 'en' } as const;

/**
 * What a request holds: the app's form brings an email (a member without one, their proved
 * phone), 'Talk to us' on USSD the caller's phone.
 */
interface Stored {
  fullName: string;
  email: string | null;
  phone: string | null;
  title: string;
  issue: string;
}

/**
 * The app's support form. Stores the request first (nothing lost), then tells the support inbox.
 * Without an email the team answers on the phone the member proved (decision 054): a guest, or
 * a member without one, must give an email; a typed phone is no way back to anyone.
 */
export async function createSupportRequest(
  ctx: Ctx,
  input: SupportValues,
  userId: string | null,
): Promise<{ id: string }> {
  const phone = input.email || !userId ? null : await provedPhoneOf(ctx, userId);
  if (!input.email && !phone) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_http_fields_need_attention(), {
      email: SUPPORT_FIELDS.email.required,
    });
  }
  return storeSupportRequest(
    ctx,
    {
      fullName: input.full_name,
      email: input.email,
      phone,
      title: input.title,
      issue: input.issue,
    },
    userId,
  );
}

async function provedPhoneOf(ctx: Ctx, userId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ phone: provenPhone }).from(users).where(eq(users.id, userId));
  return row?.phone ?? null;
}

/**
 * 'Talk to us' on USSD (issue 32): a caller without email leaves a short message and the
 * number they called from (the network vouches for it); the team calls them back.
 */
export async function createPhoneSupportRequest(
  ctx: Ctx,
  input: { fullName: string; phone: string; message: string },
): Promise<{ id: string }> {
  return storeSupportRequest(
    ctx,
    {
      fullName: input.fullName,
      email: null,
      phone: input.phone,
      title: m.server_support_call_back({ phone: input.phone }, team),
      issue: input.message,
    },
    null,
  );
}

async function storeSupportRequest(
  ctx: Ctx,
  input: Stored,
  userId: string | null,
): Promise<{ id: string }> {
  const [row] = await ctx.db
    .insert(supportRequests)
    .values({ userId, ...input })
    .returning({ id: supportRequests.id });
  const id = row!.id;

  const inbox = ctx.church.supportEmail;
  if (inbox) {
    try {
      await ctx.mailer.send({
        to: inbox,
        ...(input.email ? { replyTo: input.email } : {}),
        subject: m.mail_support_subject({ title: input.title, ref: id.slice(0, 8) }, team),
        text: [
          // No email: the team answers on the phone the request came from.
          input.email
            ? m.mail_support_from_email({ name: input.fullName, email: input.email }, team)
            : m.mail_support_from_phone({ name: input.fullName, phone: input.phone ?? '' }, team),
          m.mail_support_title({ title: input.title }, team),
          m.mail_support_reference({ id }, team),
          '',
          input.issue,
        ].join('\n'),
      });
    } catch (error) {
      // The request is saved; the team can still find it. Do not fail the member.
      ctx.log.error({ err: error, supportRequestId: id }, 'support mail not sent');
    }
  }
  return { id };
}
