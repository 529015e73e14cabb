import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { escapeHtml } from '../../http/html.ts';
import { sessionUserOf } from '../../core/session.ts';
import { currentLocale } from '../../platform/locale.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import { findDevMail, listDevMails, listDevSms } from './mailbox.service.ts';
import { isLocalRequest } from '../../http/local-request.ts';

// The dev mailbox exists only while no SMTP server is configured (see platform/mail), and
// the dev outbox, its SMS twin, only while no SMS gateway is (platform/sms). Same readers.

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const mailParams = z.object({ id: z.uuid({ error: () => m.page_mailbox_unknown_mail() }) });

function page(title: string, body: string) {
  return `<!doctype html><html lang="${currentLocale()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem;line-height:1.5}
li{margin:.5rem 0}pre{white-space:pre-wrap;background:#f4f4f6;padding:1rem;border-radius:.5rem}
.note{background:#fff4d6;padding:.5rem 1rem;border-radius:.5rem}</style></head>
<body>${body}</body></html>`;
}

export const mailboxRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guardFor = (what: () => string) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Reset links and codes: never kept by a browser or a cache.
    reply.header('cache-control', 'no-store');
    if (isLocalRequest(request.raw)) return;
    const user = await sessionUserOf(ctx, request);
    if (user?.isAdmin) return;
    throw new AppError(403, 'FORBIDDEN', m.page_mailbox_forbidden({ what: what() }));
  };
  if (ctx.sms.kind === 'dev')
    app.register(outboxRoutes, { ctx, guard: guardFor(m.page_mailbox_dev_outbox_lower) });
  if (ctx.mailer.kind !== 'dev') return;
  const guard = guardFor(m.page_mailbox_dev_mailbox_lower);

  app.get('/dev/mailbox', { preHandler: guard }, async (_request, reply) => {
    const mails = await listDevMails(ctx);
    const items = mails
      .map(
        (mail) =>
          `<li><a href="/dev/mailbox/${mail.id}">${escapeHtml(mail.subject)}</a> — ${m.page_mailbox_to({ to: escapeHtml(mail.to) })}, ${mail.createdAt.toISOString()}</li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          m.page_mailbox_title(),
          `<h1>${m.page_mailbox_title()}</h1><p class="note">${m.page_mailbox_note()}</p>` +
            (items ? `<ol>${items}</ol>` : `<p>${m.page_mailbox_empty()}</p>`),
        ),
      );
  });

  app.get('/dev/mailbox/:id', { preHandler: guard }, async (request, reply) => {
    const { id } = parseInput(mailParams, request.params);
    const mail = await findDevMail(ctx, id);
    if (!mail) throw new AppError(404, 'NOT_FOUND', m.page_mailbox_no_mail());
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          mail.subject,
          `<p><a href="/dev/mailbox">${m.page_mailbox_all_mail()}</a></p><h1>${escapeHtml(mail.subject)}</h1>` +
            `<p>${m.page_mailbox_mail_to({ to: escapeHtml(mail.to) })}<br>${m.page_mailbox_mail_at({ at: mail.createdAt.toISOString() })}</p><pre>${linkify(mail.text)}</pre>`,
        ),
      );
  });

  // JSON for tests and tools on this machine.
  app.get('/dev/mailbox.json', { preHandler: guard }, async () => ({
    mails: await listDevMails(ctx),
  }));
};

const outboxRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}> = async (app, { ctx, guard }) => {
  app.get('/dev/outbox', { preHandler: guard }, async (_request, reply) => {
    const messages = await listDevSms(ctx);
    const items = messages
      .map(
        (sms) =>
          `<li><strong>${m.page_mailbox_sms_to({ to: escapeHtml(sms.to) })}</strong>, ${sms.createdAt.toISOString()} — ${sms.encoding}, ` +
          `${m.page_mailbox_segments({ count: sms.segments, characters: smsShape(sms.text).characters })}<pre>${linkify(sms.text)}</pre></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          m.page_mailbox_outbox_title(),
          `<h1>${m.page_mailbox_outbox_title()}</h1><p class="note">${m.page_mailbox_outbox_note()}</p>` +
            (items ? `<ol>${items}</ol>` : `<p>${m.page_mailbox_outbox_empty()}</p>`),
        ),
      );
  });

  // JSON for tests and tools on this machine.
  app.get('/dev/outbox.json', { preHandler: guard }, async () => ({
    messages: await listDevSms(ctx),
  }));
};
