import type { FastifyPluginAsync } from 'fastify';
import {
  pushEndpointSchema,
  pushSubscriptionSchema,
  quietHoursSchema,
} from '../../../shared/schemas/notifications.ts';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import { memberRateLimit, requireSessionUser } from '../../core/guards.ts';
import { addDevice, getSettings, removeDevice, saveQuietHours } from './notifications.settings.ts';

// A member's notification settings (decision 041): signed-in members, each their own.
export const notificationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const writes = memberRateLimit(ctx, { member: 30, address: 300, timeWindow: '10 minutes' });

  app.get('/api/notifications/settings', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    reply.header('cache-control', 'no-store');
    return getSettings(ctx, user.id);
  });

  app.put('/api/notifications/quiet-hours', { config: { rateLimit: writes } }, async (request) => {
    const user = await requireSessionUser(ctx, request);
    return saveQuietHours(ctx, user.id, parseInput(quietHoursSchema, request.body));
  });

  app.post('/api/notifications/devices', { config: { rateLimit: writes } }, async (request) => {
    const user = await requireSessionUser(ctx, request);
    const input = parseInput(pushSubscriptionSchema, request.body);
    return addDevice(ctx, user.id, input, request.headers['user-agent'] ?? null);
  });

  app.delete('/api/notifications/devices', { config: { rateLimit: writes } }, async (request) => {
    const user = await requireSessionUser(ctx, request);
    const { endpoint } = parseInput(pushEndpointSchema, request.body);
    return removeDevice(ctx, user.id, endpoint);
  });
};
