import type { SupportRequest } from '../../../shared/schemas/support.ts';
import type { AppContext } from '../../context.ts';
import { supportRequests } from '../../db/schema.ts';

/** Stores the request first (nothing lost), then tells the support inbox if there is one. */
export async function createSupportRequest(
  ctx: AppContext,
  input: SupportRequest,
  userId: string | null,
): Promise<{ id: string }> {
  const [row] = await ctx.db
    .insert(supportRequests)
    .values({
      userId,
      fullName: input.full_name,
      email: input.email,
      title: input.title,
      issue: input.issue,
    })
    .returning({ id: supportRequests.id });
  const id = row!.id;

  const inbox = ctx.church.supportEmail;
  if (inbox) {
    try {
      await ctx.mailer.send({
        to: inbox,
        replyTo: input.email,
        subject: `Support request: ${input.title} [${id.slice(0, 8)}]`,
        text: [
          `From: ${input.full_name} <${input.email}>`,
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
