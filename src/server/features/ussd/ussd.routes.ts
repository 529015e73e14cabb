import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MomoProvider } from '../../../shared/constants.ts';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { acceptFormBodies } from '../../http/form-body.ts';
import { sameSecret } from '../../platform/payments/moolre.ts';
import { endUssdSession, GHANA_NETWORK_CODES, handleUssd } from './ussd.service.ts';
import { ussdSimulatorRoutes } from './ussd.simulator.ts';

// The USSD gateways' contracts (issue 32), each a thin driver over one menu engine:
// - Africa's Talking: form-encoded sessionId, serviceCode, phoneNumber, networkCode, text
//   (every input so far joined by '*'); the answer is text/plain, 'CON …' or 'END …'.
// - Hubtel Programmable Services: JSON {SessionId, Type, Message, Operator, Mobile,
//   Sequence, …} → {SessionId, Type: 'response'|'release', Message, Label, DataType, …}.

const atBody = z.object({
  sessionId: z.string().min(1).max(128),
  serviceCode: z.string().max(64).optional(),
  phoneNumber: z.string().min(5).max(32),
  networkCode: z.string().max(16).optional(),
  text: z.string().max(2_000).default(''),
});

const hubtelBody = z.object({
  SessionId: z.string().min(1).max(128),
  ServiceCode: z.string().max(64).optional(),
  Type: z.enum(['initiation', 'response', 'release', 'timeout'], {
    error: 'Type must be initiation, response, release or timeout.',
  }),
  Message: z.string().max(500).default(''),
  Operator: z.string().max(32).optional(),
  Mobile: z.string().min(5).max(32),
  ClientState: z.string().max(500).optional(),
  Sequence: z.coerce.number().int().min(1).max(1_000),
  Platform: z.string().max(32).optional(),
});

const HUBTEL_OPERATORS: Record<string, MomoProvider> = {
  mtn: 'MTN',
  vodafone: 'Telecel',
  telecel: 'Telecel',
  airteltigo: 'AT',
  tigo: 'AT',
  airtel: 'AT',
  at: 'AT',
};

export const ussdRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Decision 052: in production a gateway's route exists only when USSD_GATEWAYS names it,
  // and then only with a guard (config.ts refuses to start without one); the start-up table
  // of gateways says which (platform/gateways.ts).
  const { gateways, secret, allowedIps } = ctx.config.ussd;

  // The phone simulator, while no gateway is connected (or always outside production).
  if (ctx.config.env !== 'production' || gateways.length === 0) {
    await app.register(ussdSimulatorRoutes, { ctx });
  }

  /** A gateway's request, when a secret or addresses are configured. */
  const fromGateway = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (allowedIps.length > 0 && !allowedIps.includes(request.ip)) {
      throw new AppError(403, 'FORBIDDEN', 'Not a USSD gateway.');
    }
    if (secret) {
      const given =
        request.headers['x-ussd-secret'] ?? (request.query as { secret?: unknown }).secret;
      if (!sameSecret(secret, given)) throw new AppError(403, 'FORBIDDEN', 'Not a USSD gateway.');
    }
  };

  if (gateways.includes('africastalking')) {
    await app.register(async (scope) => {
      acceptFormBodies(scope);
      scope.post(
        '/api/ussd/africastalking',
        { preHandler: fromGateway },
        async (request, reply) => {
          const body = parseInput(atBody, request.body);
          const screen = await handleUssd(ctx, {
            gateway: 'africastalking',
            sessionId: body.sessionId,
            phone: body.phoneNumber,
            network: GHANA_NETWORK_CODES[body.networkCode ?? ''] ?? null,
            inputs: { all: body.text === '' ? [] : body.text.split('*') },
          });
          return reply
            .type('text/plain; charset=utf-8')
            .send(`${screen.end ? 'END' : 'CON'} ${screen.text}`);
        },
      );
    });
  }

  if (!gateways.includes('hubtel')) return;
  app.post('/api/ussd/hubtel', { preHandler: fromGateway }, async (request) => {
    const body = parseInput(hubtelBody, request.body);
    const answer = (text: string, end: boolean) => ({
      SessionId: body.SessionId,
      Type: end ? 'release' : 'response',
      Message: text,
      Label: ctx.church.churchName.slice(0, 40),
      ClientState: '',
      DataType: end ? 'display' : 'input',
      FieldType: 'text',
    });
    if (body.Type === 'release' || body.Type === 'timeout') {
      await endUssdSession(ctx, 'hubtel', body.SessionId);
      return answer('', true);
    }
    const screen = await handleUssd(ctx, {
      gateway: 'hubtel',
      sessionId: body.SessionId,
      phone: body.Mobile,
      network: HUBTEL_OPERATORS[(body.Operator ?? '').toLowerCase()] ?? null,
      inputs:
        body.Type === 'initiation'
          ? { latest: null, count: 0 }
          : { latest: body.Message, count: body.Sequence - 1 },
    });
    return answer(screen.text, screen.end);
  });
};
