import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CARD_CALLBACK_PATH } from '../../../shared/pages.ts';
import { formatGhs } from '../../../shared/format.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { currentLocale } from '../../platform/locale.ts';
import { transactions } from '../../db/schema.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { acceptFormBodies } from '../../http/form-body.ts';
import { escapeHtml } from '../../http/html.ts';
import { handlePaystackWebhook } from './paystack-events.ts';

// The test-mode card checkout (no real money): approve or decline, then back to the
// callback page exactly as Paystack would send the member back.

const params = z.object({
  reference: z
    .string()
    .regex(/^FLK-CARD-[A-Z0-9-]{5,60}$/, { error: () => m.page_giving_unknown_reference() }),
});

const outcomeBody = z.object({ outcome: z.enum(['approve', 'decline']) });

export const sandboxRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sandbox = ctx.payments.sandbox!;

  app.get('/sandbox/checkout/:reference', async (request, reply) => {
    const { reference } = parseInput(params, request.params);
    const payment = sandbox.cardPayment(reference);
    const [gift] = await ctx.db
      .select({ email: transactions.email })
      .from(transactions)
      .where(eq(transactions.reference, reference));
    if (!payment || !gift) throw new AppError(404, 'NOT_FOUND', m.page_giving_no_test_payment());
    const done = payment.status !== 'pending';
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="${currentLocale()}"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.page_giving_checkout_title()}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f2fa;color:#1c1b1f}
.banner{background:#e8a317;color:#1c1b1f;font-weight:700;text-align:center;padding:.75rem}
main{max-width:26rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border-radius:1rem}
h1{font-size:1.25rem;margin:0 0 1rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
button{display:block;width:100%;min-height:48px;margin:.75rem 0;border-radius:.75rem;font-size:1rem;font-weight:700;border:2px solid #4b2a8c;cursor:pointer}
.approve{background:#4b2a8c;color:#fff}.decline{background:#fff;color:#4b2a8c}</style></head>
<body><div class="banner" role="status">${m.page_giving_test_mode()}</div><main>
<h1>${m.page_giving_card_payment()}</h1><p>${escapeHtml(gift.email ?? '')}</p>
<p class="amount">${formatGhs(payment.amount)}</p>
${
  done
    ? `<p>${m.page_giving_already({ status: escapeHtml(payment.status) })}</p>`
    : `<form method="post"><button class="approve" name="outcome" value="approve">${m.page_giving_approve()}</button>
<button class="decline" name="outcome" value="decline">${m.page_giving_decline()}</button></form>`
}
</main></body></html>`);
  });

  await app.register(async (scope) => {
    acceptFormBodies(scope);
    scope.post('/sandbox/checkout/:reference', async (request, reply) => {
      const { reference } = parseInput(params, request.params);
      const { outcome } = parseInput(outcomeBody, request.body);
      const webhook = sandbox.completeCard(reference, outcome === 'approve');
      // The same signed-webhook path a real Paystack payment takes.
      if (webhook) await handlePaystackWebhook(ctx, webhook.rawBody, webhook.signature);
      const back = new URL(CARD_CALLBACK_PATH, ctx.config.publicUrl);
      back.searchParams.set('reference', reference);
      return reply.redirect(back.pathname + back.search, 303);
    });
  });
};
