import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { escapeHtml } from '../../http/html.ts';
import { sessionUserOf } from '../accounts/accounts.service.ts';
import { smsShape } from '../../platform/sms/sms.ts';
import { findDevMail, isLocalRequest, listDevMails, listDevSms } from './mailbox.service.ts';

// The dev mailbox exists only while no SMTP server is configured (see platform/mail), and
// the dev outbox, its SMS twin, only while no SMS gateway is (platform/sms). Same readers.

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const mailParams = z.object({ id: z.uuid('Unknown mail.') });

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem;line-height:1.5}
li{margin:.5rem 0}pre{white-space:pre-wrap;background:#f4f4f6;padding:1rem;border-radius:.5rem}
.note{background:#fff4d6;padding:.5rem 1rem;border-radius:.5rem}</style></head>
<body>${body}</body></html>`;
}

export const mailboxRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guardFor = (what: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Reset links and codes: never kept by a browser or a cache.
    reply.header('cache-control', 'no-store');
    if (isLocalRequest(request.raw)) return;
    const user = await sessionUserOf(ctx, request);
    if (user?.isAdmin) return;
    throw new AppError(
      403,
      'FORBIDDEN',
      `The ${what} is only available on this machine or to admins.`,
    );
  };
  if (ctx.sms.kind === 'dev') app.register(outboxRoutes, { ctx, guard: guardFor('dev outbox') });
  if (ctx.mailer.kind !== 'dev') return;
  const guard = guardFor('dev mailbox');

  app.get('/dev/mailbox', { preHandler: guard }, async (_request, reply) => {
    const mails = await listDevMails(ctx);
    const items = mails
      .map(
        (m) =>
          `<li><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a> — to ${escapeHtml(m.to)}, ${m.createdAt.toISOString()}</li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Dev mailbox',
          `<h1>Dev mailbox</h1><p class="note">SMTP is not configured, so mail is kept here instead of being delivered.</p>` +
            (items ? `<ol>${items}</ol>` : '<p>No mail yet.</p>'),
        ),
      );
  });

  app.get('/dev/mailbox/:id', { preHandler: guard }, async (request, reply) => {
    const { id } = parseInput(mailParams, request.params);
    const mail = await findDevMail(ctx, id);
    if (!mail) throw new AppError(404, 'NOT_FOUND', 'No such mail.');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          mail.subject,
          `<p><a href="/dev/mailbox">← All mail</a></p><h1>${escapeHtml(mail.subject)}</h1>` +
            `<p>To: ${escapeHtml(mail.to)}<br>At: ${mail.createdAt.toISOString()}</p><pre>${linkify(mail.text)}</pre>`,
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
        (m) =>
          `<li><strong>To ${escapeHtml(m.to)}</strong>, ${m.createdAt.toISOString()} — ${m.encoding}, ` +
          `${m.segments} segment${m.segments === 1 ? '' : 's'}, ${smsShape(m.text).characters} characters<pre>${linkify(m.text)}</pre></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Dev outbox',
          `<h1>Dev outbox</h1><p class="note">No SMS gateway is configured (SMS_PROVIDER), so SMS is kept here instead of being sent.</p>` +
            (items ? `<ol>${items}</ol>` : '<p>No SMS yet.</p>'),
        ),
      );
  });

  // JSON for tests and tools on this machine.
  app.get('/dev/outbox.json', { preHandler: guard }, async () => ({
    messages: await listDevSms(ctx),
  }));
};
