import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  checkinSchema,
  childCheckinSchema,
  pickupSchema,
  sessionCreateSchema,
  usherCheckinSchema,
  usherChildSchema,
  usherGrantSchema,
  usherSearchSchema,
} from '../../../shared/schemas/checkin.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import type { SessionUser } from '../../platform/session-cache.ts';
import { memberRateLimit, requireAdmin, requireSessionUser } from '../../core/guards.ts';
import { attendance, attendanceCsv } from './attendance.ts';
import { checkIn, checkinHome, searchMembers, usherCheckIn } from './member-checkin.ts';
import { checkInChild, guardianPhoneOf, pickUpChild } from './children.ts';
import { createSession, entranceScreen, listSessions } from './sessions.ts';
import { grantUsher, isUsher, listUshers, revokeUsher } from './ushers.ts';
import { CHECKIN_GUESSES } from './checkin.service.ts';

// Service check-in (issue 34, decision 039): members check themselves in; ushers (and admins)
// run the entrance screen, check others in and hand children back; admins open sessions,
// name the ushers and read attendance. Rules in the service.

const idParams = z.object({ id: z.uuid({ error: () => m.server_checkin_no_service() }) });
const usherParams = z.object({ id: z.string().min(1).max(64) });

export const checkinRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A six-digit code guessed at 20 a member per 10 minutes takes years (decision 039); USSD
  // counts a number's the same way (ussd.limits.ts).
  const checkinWrites = memberRateLimit(ctx, {
    member: CHECKIN_GUESSES.max,
    address: 200,
    timeWindow: '10 minutes', // CHECKIN_GUESSES.windowMs
  });
  const usherWrites = memberRateLimit(ctx, { member: 600, address: 600, timeWindow: '10 minutes' });
  const adminWrites = memberRateLimit(ctx, { member: 60, address: 300, timeWindow: '10 minutes' });

  async function requireUsher(request: FastifyRequest): Promise<SessionUser> {
    const user = await requireSessionUser(ctx, request);
    if (!(await isUsher(ctx, user))) {
      throw new AppError(403, 'FORBIDDEN', m.shared_checkin_not_usher());
    }
    return user;
  }

  app.get('/api/checkin', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    reply.header('cache-control', 'no-store');
    return checkinHome(ctx, user);
  });

  app.post('/api/checkin', { config: { rateLimit: checkinWrites } }, async (request) => {
    const user = await requireSessionUser(ctx, request);
    return checkIn(ctx, user, parseInput(checkinSchema, request.body));
  });

  // A guardian checks their own child in: their phone is the guardian's phone.
  app.post(
    '/api/checkin/children',
    { config: { rateLimit: checkinWrites } },
    async (request, reply) => {
      const user = await requireSessionUser(ctx, request);
      const input = parseInput(childCheckinSchema, request.body);
      const child = await checkInChild(ctx, {
        ...input,
        guardianPhone: await guardianPhoneOf(ctx, user.id),
        guardianUserId: user.id,
        byUserId: user.id,
      });
      return reply.status(201).send(child);
    },
  );

  // ------------------------------------------------------------------ ushers and admins
  app.get('/api/checkin/sessions', async (request, reply) => {
    await requireUsher(request);
    reply.header('cache-control', 'no-store');
    return listSessions(ctx, true);
  });

  app.get('/api/checkin/sessions/:id/screen', async (request, reply) => {
    await requireUsher(request);
    const { id } = parseInput(idParams, request.params);
    reply.header('cache-control', 'no-store');
    return entranceScreen(ctx, id);
  });

  app.get('/api/checkin/sessions/:id/members', async (request, reply) => {
    await requireUsher(request);
    const { id } = parseInput(idParams, request.params);
    const { q } = parseInput(usherSearchSchema, request.query);
    reply.header('cache-control', 'no-store');
    return searchMembers(ctx, id, q);
  });

  app.post(
    '/api/checkin/sessions/:id/members',
    { config: { rateLimit: usherWrites } },
    async (request) => {
      const usher = await requireUsher(request);
      const { id } = parseInput(idParams, request.params);
      const { userId } = parseInput(usherCheckinSchema, request.body);
      return usherCheckIn(ctx, usher, id, userId);
    },
  );

  app.post(
    '/api/checkin/sessions/:id/children',
    { config: { rateLimit: usherWrites } },
    async (request, reply) => {
      const usher = await requireUsher(request);
      const { id } = parseInput(idParams, request.params);
      const input = parseInput(usherChildSchema, request.body);
      const child = await checkInChild(ctx, { sessionId: id, ...input, byUserId: usher.id });
      return reply.status(201).send(child);
    },
  );

  app.post(
    '/api/checkin/sessions/:id/pickup',
    { config: { rateLimit: usherWrites } },
    async (request) => {
      const usher = await requireUsher(request);
      const { id } = parseInput(idParams, request.params);
      const { code } = parseInput(pickupSchema, request.body);
      return pickUpChild(ctx, usher, id, code);
    },
  );

  // ------------------------------------------------------------------------------ admins
  app.get('/api/admin/checkin/sessions', async (request, reply) => {
    await requireAdmin(ctx, request);
    reply.header('cache-control', 'no-store');
    return listSessions(ctx);
  });

  app.post(
    '/api/admin/checkin/sessions',
    { config: { rateLimit: adminWrites } },
    async (request, reply) => {
      const admin = await requireAdmin(ctx, request);
      const input = parseInput(sessionCreateSchema, request.body);
      return reply.status(201).send(await createSession(ctx, admin, input));
    },
  );

  app.get('/api/admin/checkin/attendance', async (request, reply) => {
    await requireAdmin(ctx, request);
    reply.header('cache-control', 'no-store');
    return attendance(ctx);
  });

  app.get('/api/admin/checkin/attendance.csv', async (request, reply) => {
    await requireAdmin(ctx, request);
    const csv = await attendanceCsv(ctx);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="attendance.csv"')
      .type('text/csv; charset=utf-8')
      .send(`\uFEFF${csv}`);
  });

  app.get('/api/admin/checkin/ushers', async (request, reply) => {
    await requireAdmin(ctx, request);
    reply.header('cache-control', 'no-store');
    return listUshers(ctx);
  });

  app.post('/api/admin/checkin/ushers', { config: { rateLimit: adminWrites } }, async (request) => {
    const admin = await requireAdmin(ctx, request);
    const { contact } = parseInput(usherGrantSchema, request.body);
    return grantUsher(ctx, admin, contact);
  });

  app.delete(
    '/api/admin/checkin/ushers/:id',
    { config: { rateLimit: adminWrites } },
    async (request, reply) => {
      await requireAdmin(ctx, request);
      const { id } = parseInput(usherParams, request.params);
      if (!(await revokeUsher(ctx, id)))
        throw new AppError(404, 'NOT_FOUND', m.server_checkin_no_usher());
      return reply.status(204).send();
    },
  );
};
