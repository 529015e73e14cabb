import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MOMO_PROVIDERS } from '../../../shared/constants.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { acceptFormBodies } from '../../http/form-body.ts';
import { escapeHtml } from '../../http/html.ts';
import { sessionUserOf } from '../../core/session.ts';
import { currentLocale } from '../../platform/locale.ts';
import { isLocalRequest } from '../../http/local-request.ts';
import { handleUssd } from './ussd.service.ts';

// The phone simulator (issue 32): dial the church's USSD menu from a browser, through the
// same engine a gateway reaches. A test tool, marked as one; an HTML form that works
// without the app's code. In production only this machine and admins may use it.

const dialBody = z.object({
  phone: z
    .string()
    .trim()
    .min(5, { error: () => m.page_ussd_enter_phone() })
    .max(32),
  network: z.enum(MOMO_PROVIDERS).optional(),
  session: z
    .string()
    .regex(/^[0-9a-f-]{36}$/)
    .optional(),
  text: z.string().max(2_000).default(''),
  reply: z.string().max(200).optional(),
});

const style = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f2fa;color:#1c1b1f}
.banner{background:#e8a317;color:#1c1b1f;font-weight:700;text-align:center;padding:.75rem}
main{max-width:24rem;margin:1rem auto;padding:1rem}
.phone{background:#1c1b1f;border-radius:1.5rem;padding:1rem}
.screen{background:#dfe8d8;color:#1c1b1f;border-radius:.5rem;padding:.75rem;min-height:9rem;white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:1rem;margin:0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}.phone label{color:#fff}
input,select{box-sizing:border-box;width:100%;min-height:48px;font-size:1rem;padding:.5rem;border-radius:.5rem;border:1px solid #79747e}
button,.button{display:block;box-sizing:border-box;width:100%;min-height:48px;margin:.75rem 0 0;border-radius:.75rem;font-size:1rem;font-weight:700;border:2px solid #4b2a8c;background:#4b2a8c;color:#fff;cursor:pointer;text-align:center;line-height:44px;text-decoration:none}
.secondary{background:#fff;color:#4b2a8c}.meta{color:#49454f;font-size:.875rem}`;

function page(body: string) {
  return `<!doctype html><html lang="${currentLocale()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.page_ussd_title()}</title><style>${style}</style></head>
<body><div class="banner" role="status">${m.page_ussd_banner()}</div>
<main><h1>${m.page_ussd_title()}</h1>${body}</main></body></html>`;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

export const ussdSimulatorRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (ctx.config.env !== 'production' || isLocalRequest(request.raw)) return;
    const user = await sessionUserOf(ctx, request);
    if (user?.isAdmin) return;
    throw new AppError(403, 'FORBIDDEN', m.page_ussd_forbidden());
  };

  app.get('/sandbox/ussd', { preHandler: guard }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      page(`<p>${m.page_ussd_intro()}</p>
<form method="post" action="/sandbox/ussd">
<label for="phone">${m.page_ussd_phone()}</label><input id="phone" name="phone" type="tel" value="+233241234567" autocomplete="off">
<label for="network">${m.page_ussd_network()}</label><select id="network" name="network">${MOMO_PROVIDERS.map((n) => `<option>${n}</option>`).join('')}</select>
<button type="submit">${m.page_ussd_dial()}</button></form>`),
    ),
  );

  await app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post('/sandbox/ussd', { preHandler: guard }, async (request, reply) => {
      const body = parseInput(dialBody, request.body);
      const session = body.session ?? randomUUID();
      const inputs = body.text === '' ? [] : body.text.split('*');
      if (body.session && body.reply !== undefined) inputs.push(body.reply.replace(/\*/g, ''));
      const screen = await handleUssd(ctx, {
        gateway: 'simulator',
        sessionId: session,
        phone: body.phone,
        network: body.network ?? null,
        inputs: { all: inputs },
      });
      const state =
        hidden('phone', body.phone) +
        (body.network ? hidden('network', body.network) : '') +
        hidden('session', session) +
        hidden('text', inputs.join('*'));
      const next = screen.end
        ? `<p class="meta">${m.page_ussd_ended()}</p><a class="button" href="/sandbox/ussd">${m.page_ussd_dial_again()}</a>`
        : `<form method="post" action="/sandbox/ussd">${state}
<label for="reply">${m.page_ussd_reply()}</label><input id="reply" name="reply" inputmode="numeric" autocomplete="off" autofocus>
<button type="submit">${m.page_ussd_send()}</button></form>
<a class="button secondary" href="/sandbox/ussd">${m.page_ussd_hang_up()}</a>`;
      return reply.type('text/html; charset=utf-8').send(
        page(`<div class="phone"><p class="screen" lang="${screen.locale}" aria-live="polite">${escapeHtml(screen.text)}</p></div>
<p class="meta">${escapeHtml(body.phone)} · ${m.page_ussd_length({ length: screen.text.length, max: 160 })}</p>${next}`),
      );
    });
  });
};
