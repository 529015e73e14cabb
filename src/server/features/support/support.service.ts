import type { SupportRequest } from '../../../shared/schemas/support.ts';
import type { AppContext } from '../../context.ts';
import { supportRequests } from '../../db/schema.ts';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'church' | 'log'>;

/** What a request holds: the app's form brings an email, 'Talk to us' on USSD a phone. */
interface Stored {
  fullName: string;
  email: string | null;
  phone: string | null;
  title: string;
  issue: string;
}

/** Stores the request first (nothing lost), then tells the support inbox if there is one. */
export async function createSupportRequest(
  ctx: Ctx,
  input: SupportRequest,
  userId: string | null,
): Promise<{ id: string }> {
  return storeSupportRequest(
    ctx,
    {
      fullName: input.full_name,
      email: input.email,
      phone: null,
      title: input.title,
      issue: input.issue,
    },
    userId,
  );
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
      title: `Call back ${input.phone} (USSD)`,
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
        subject: `Support request: ${input.title} [${id.slice(0, 8)}]`,
        text: [
          // No email: the team answers on the phone the request came from.
          input.email
            ? `From: ${input.fullName} <${input.email}>`
            : `From: ${input.fullName}, phone ${input.phone}`,
          `Title: ${input.title}`,
          `Reference: ${id}`,
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
