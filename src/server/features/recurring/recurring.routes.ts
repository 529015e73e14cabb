import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { scheduleAmountSchema, scheduleSchema } from '../../../shared/schemas/recurring.ts';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import { returnOrigins } from '../../http/return-origin.ts';
import { memberRateLimit, requireSessionUser } from '../../core/guards.ts';
import {
  cardManageLink,
  changeAmount,
  pauseSchedule,
  resumeSchedule,
  stopSchedule,
} from './change-schedule.ts';
import { createSchedule } from './create-schedule.ts';
import { listSchedules, scheduleForGift } from './recurring.service.ts';
import { m } from '../../../paraglide/messages.js';

const idParams = z.object({ id: z.uuid(m.shared_recurring_not_found()) });

// A member's own recurring gifts only (issue 33): guests have none; another member's
// schedule is one that does not exist (404).
export const recurringRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const schema = scheduleSchema(ctx.config.giving.maxAmountPesewas);
  const amountSchema = scheduleAmountSchema(ctx.config.giving.maxAmountPesewas);
  const returnOriginOf = returnOrigins(ctx);
  // Each change may call Paystack: bounded like giving.
  const writeLimit = {
    config: {
      rateLimit: memberRateLimit(ctx, { member: 30, address: 400, timeWindow: '10 minutes' }),
    },
  };

  app.get('/api/giving/schedules', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await requireSessionUser(ctx, request);
    return listSchedules(ctx, user.id);
  });

  app.get('/api/giving/schedules/:id', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await requireSessionUser(ctx, request);
    const { id } = parseInput(idParams, request.params);
    return scheduleForGift(ctx, user.id, id);
  });

  app.post('/api/giving/schedules', writeLimit, async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    const input = parseInput(schema, request.body);
    return reply
      .status(201)
      .send(await createSchedule(ctx, user.id, input, returnOriginOf(request)));
  });

  app.post('/api/giving/schedules/:id/amount', writeLimit, async (request) => {
    const user = await requireSessionUser(ctx, request);
    const { id } = parseInput(idParams, request.params);
    const { amount } = parseInput(amountSchema, request.body);
    return changeAmount(ctx, user.id, id, amount);
  });

  const actions = { pause: pauseSchedule, resume: resumeSchedule, stop: stopSchedule };
  for (const [action, run] of Object.entries(actions)) {
    app.post(`/api/giving/schedules/:id/${action}`, writeLimit, async (request) => {
      const user = await requireSessionUser(ctx, request);
      const { id } = parseInput(idParams, request.params);
      return run(ctx, user.id, id);
    });
  }

  // Paystack's page for a new card (after a failed renewal): the member is sent there.
  app.post('/api/giving/schedules/:id/card-link', writeLimit, async (request) => {
    const user = await requireSessionUser(ctx, request);
    const { id } = parseInput(idParams, request.params);
    return { url: await cardManageLink(ctx, user.id, id) };
  });
};
