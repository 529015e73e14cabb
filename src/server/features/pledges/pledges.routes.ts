import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  campaignCreateSchema,
  pledgeCreateSchema,
  pledgeGiftLinkSchema,
} from '../../../shared/schemas/pledges.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import {
  memberRateLimit,
  requireAdmin,
  requireSessionUser,
  requireFinance,
} from '../../core/guards.ts';
import { campaignReportCsv, campaignReports, createCampaign } from './campaigns.ts';
import { createPledge, deletePledge, linkGift, listPledges } from './pledges.service.ts';

// Pledges (a member's own, never another's) and campaigns (admins define them; finance
// officers and admins read the report, officers for their assemblies). Rules in the service.

const idParams = z.object({ id: z.uuid({ error: () => m.server_pledges_no_pledge() }) });

export const pledgesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const writes = memberRateLimit(ctx, { member: 60, address: 300, timeWindow: '10 minutes' });

  app.get('/api/pledges', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    reply.header('cache-control', 'no-store');
    return listPledges(ctx, user.id, ctx.now());
  });

  app.post('/api/pledges', { config: { rateLimit: writes } }, async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    const input = parseInput(pledgeCreateSchema, request.body);
    return reply.status(201).send(await createPledge(ctx, user.id, input, ctx.now()));
  });

  app.delete('/api/pledges/:id', { config: { rateLimit: writes } }, async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    const { id } = parseInput(idParams, request.params);
    await deletePledge(ctx, user.id, id);
    return reply.status(204).send();
  });

  // Counts one of the member's own confirmed gifts toward this pledge (moving it if need be).
  app.post('/api/pledges/:id/gifts', { config: { rateLimit: writes } }, async (request) => {
    const user = await requireSessionUser(ctx, request);
    const { id } = parseInput(idParams, request.params);
    const gift = parseInput(pledgeGiftLinkSchema, request.body);
    return linkGift(ctx, user.id, id, gift);
  });

  app.get('/api/campaigns/report', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    reply.header('cache-control', 'no-store');
    return campaignReports(ctx, caller.scope);
  });

  app.get('/api/campaigns/report.csv', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const csv = await campaignReportCsv(ctx, caller.scope);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="campaigns-report.csv"')
      .type('text/csv; charset=utf-8')
      .send(`\uFEFF${csv}`);
  });

  app.post('/api/admin/campaigns', { config: { rateLimit: writes } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request);
    const input = parseInput(campaignCreateSchema, request.body);
    return reply.status(201).send(await createCampaign(ctx, admin.id, input));
  });
};
