import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { momoOtpSchema, offeringSchema } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { assertStorableText } from '../../http/edge.ts';
import { returnOrigins } from '../../http/return-origin.ts';
import { ensureGuestId } from '../../platform/guest-giver.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { memberRateLimit } from '../../core/guards.ts';
import { sessionUserOf } from '../../core/session.ts';
import { createGift } from './create-gift.ts';
import { getGiftStatus, handleMoolreCallback } from './gift-status.ts';
import { sendCodeToMember } from './code-sms.ts';
import { submitMomoOtp } from './momo-prompt.ts';
import { handlePaystackWebhook } from './paystack-events.ts';
import { sandboxRoutes } from './sandbox.routes.ts';

const referenceParams = z.object({ reference: z.string() });
const REFERENCE = /^FLK-[A-Z0-9-]{5,60}$/;

/** A gift's reference from the path; one not of our shape is a gift that does not exist. */
function referenceOf(params: unknown) {
  const { reference } = parseInput(referenceParams, params);
  if (!REFERENCE.test(reference)) throw new AppError(404, 'NOT_FOUND', m.server_giving_no_gift());
  return reference;
}

// Giving is open to members and guests (spec §2, §6): a guest's gift has no user.
export const givingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const schema = offeringSchema(ctx.config.giving.maxAmountPesewas);
  const userIdOf = async (request: FastifyRequest) =>
    (await sessionUserOf(ctx, request))?.id ?? null;
  const returnOriginOf = returnOrigins(ctx);

  app.post(
    '/api/giving/gifts',
    {
      config: {
        rateLimit: memberRateLimit(ctx, { member: 20, address: 400, timeWindow: '10 minutes' }),
      },
    },
    async (request, reply) => {
      const offering = parseInput(schema, request.body);
      const userId = await userIdOf(request);
      const giver = {
        userId,
        // A guest's gifts are kept for the device they were given on (decision 029).
        guestId: userId ? null : ensureGuestId(ctx, request, reply),
        returnOrigin: returnOriginOf(request),
      };
      const result = await createGift(ctx, offering, giver);
      // The code by SMS too, for a member who chose it (not waited for: the screen shows it).
      if (userId && (result.method === 'cash' || result.method === 'bank')) {
        void sendCodeToMember(ctx, userId, {
          method: result.method,
          bank: offering.paymentMethod === 'bank' ? offering.bank : undefined,
          type: offering.type,
          otherType: offering.otherType,
          amount: offering.amount,
          code: result.code,
        });
      }
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/giving/gifts/:reference/otp',
    {
      config: {
        rateLimit: memberRateLimit(ctx, { member: 10, address: 200, timeWindow: '10 minutes' }),
      },
    },
    async (request) => {
      const reference = referenceOf(request.params);
      const { otp } = parseInput(momoOtpSchema, request.body);
      return submitMomoOtp(ctx, reference, otp, await userIdOf(request));
    },
  );

  app.get('/api/giving/gifts/:reference', async (request, reply) => {
    const reference = referenceOf(request.params);
    reply.header('cache-control', 'no-store');
    return getGiftStatus(ctx, reference, await userIdOf(request));
  });

  // Provider webhooks: the signature is over the raw bytes, so this scope keeps them raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );

    scope.post('/api/webhooks/paystack', async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(400, 'BAD_REQUEST', 'Expected a JSON body.');
      const signature = request.headers['x-paystack-signature'];
      await handlePaystackWebhook(
        ctx,
        request.body,
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.status(200).send({ received: true });
    });

    scope.post('/api/webhooks/moolre', async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(400, 'BAD_REQUEST', 'Expected a JSON body.');
      let payload: unknown;
      try {
        payload = JSON.parse(request.body.toString('utf8'));
      } catch {
        throw new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
      }
      // Parsed here rather than by the app's JSON parser, so checked here like every body.
      assertStorableText(payload);
      await handleMoolreCallback(ctx, payload);
      return reply.status(200).send({ received: true });
    });
  });

  if (ctx.payments.sandbox) await app.register(sandboxRoutes, { ctx });
};
