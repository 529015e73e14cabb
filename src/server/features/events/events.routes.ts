import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { eventCreateSchema, guestRsvpSchema, rsvpSchema } from '../../../shared/schemas/events.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { memberRateLimit, requireSessionUser, requireFinance } from '../../core/guards.ts';
import { sessionUserOf } from '../../core/session.ts';
import { createEvent, deleteEvent, listManagedEvents, rsvpsCsv } from './manage-events.ts';
import { eventIcs, getEvent, listEvents } from './events.service.ts';
import { guestReply, replyToEvent } from './replies.ts';

// Events (decision 037): anyone reads them and their calendar file; members reply with their
// account, guests with a name and phone (limited per phone); admins and an assembly's finance
// officers publish and export. Rules in the service.

const idParams = z.object({ id: z.uuid({ error: () => m.shared_events_not_found() }) });

/** Replies one phone may send in an hour, whatever address they come from. */
const GUEST_REPLIES_PER_PHONE = 3;

export const eventsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const writes = memberRateLimit(ctx, { member: 60, address: 300, timeWindow: '10 minutes' });
  const guestWrites = memberRateLimit(ctx, { member: 20, address: 60, timeWindow: '1 hour' });

  app.get('/api/events', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listEvents(ctx, ctx.now());
  });

  app.get('/api/events/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const user = await sessionUserOf(ctx, request);
    reply.header('cache-control', 'no-store');
    return getEvent(ctx, id, user?.id ?? null, ctx.now());
  });

  app.get('/api/events/:id/event.ics', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const ics = await eventIcs(ctx, id, ctx.now());
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="event.ics"')
      .type('text/calendar; charset=utf-8')
      .send(ics);
  });

  app.put('/api/events/:id/rsvp', { config: { rateLimit: writes } }, async (request) => {
    const user = await requireSessionUser(ctx, request);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(rsvpSchema, request.body);
    return replyToEvent(ctx, user.id, id, input, ctx.now());
  });

  app.post(
    '/api/events/:id/guest-rsvps',
    { config: { rateLimit: guestWrites } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const input = parseInput(guestRsvpSchema, request.body);
      // Per phone too: an address limit alone lets one client fill an event with made-up
      // replies to someone else's number (each one an SMS reminder).
      const limit = await consumeRateLimit(
        ctx.db,
        `events:guest-rsvp:${input.phone}`,
        GUEST_REPLIES_PER_PHONE,
        60 * 60_000,
      );
      if (!limit.allowed) {
        throw new AppError(429, 'RATE_LIMITED', m.server_events_phone_limit(), undefined, {
          'retry-after': String(limit.retryAfterSeconds),
        });
      }
      return reply.status(201).send(await guestReply(ctx, id, input, ctx.now()));
    },
  );

  app.get('/api/admin/events', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    reply.header('cache-control', 'no-store');
    return listManagedEvents(ctx, caller.scope, ctx.now());
  });

  app.post('/api/admin/events', { config: { rateLimit: writes } }, async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const input = parseInput(eventCreateSchema, request.body);
    const made = await createEvent(
      ctx,
      { userId: caller.user.id, scope: caller.scope },
      input,
      ctx.now(),
    );
    return reply.status(201).send(made);
  });

  app.delete('/api/admin/events/:id', { config: { rateLimit: writes } }, async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const { id } = parseInput(idParams, request.params);
    await deleteEvent(ctx, caller.scope, id);
    return reply.status(204).send();
  });

  app.get('/api/admin/events/:id/rsvps.csv', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const { id } = parseInput(idParams, request.params);
    const { csv, filename } = await rsvpsCsv(ctx, caller.scope, id);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .type('text/csv; charset=utf-8')
      .send(`\uFEFF${csv}`);
  });
};
