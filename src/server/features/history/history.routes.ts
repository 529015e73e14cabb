import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { cashDeleteSchema, historyYear } from '../../../shared/schemas/giving.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { parseInput } from '../../http/errors.ts';
import { requireSessionUser } from '../../core/guards.ts';
import { sessionUserOf } from '../../core/session.ts';
import { receiptPdf, statementPdf, statementYears } from '../finance/index.ts';
import { guestIdOf } from '../../platform/guest-giver.ts';
import { decodeCursor, deleteCashGift, guestGiftsSummary, listHistory } from './history.service.ts';

// Built once: a zod schema built in a handler costs its construction on every request.
const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  // The same check as the screen's `?year=` (a guest's and a visitor's too).
  year: z
    .string({ error: () => m.server_history_not_year() })
    .refine((text) => historyYear(text) !== null, { error: () => m.server_history_not_year() })
    .transform(Number)
    .optional(),
});
const cashParams = z.object({ id: z.uuid({ error: () => m.server_history_no_cash() }) });
const receiptParams = z.object({ id: z.uuid({ error: () => m.server_history_no_receipt() }) });
const statementParams = z.object({
  year: z.coerce
    .number()
    .int({ error: () => m.server_history_not_year() })
    .min(2000)
    .max(2200),
});

function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .type('application/pdf')
    .send(file.pdf);
}

// Owner only (spec §6): a member's own; a guest's, on the device they gave from.
export const historyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A page of 50 of one year (`?year=`, this year without), newest first; `?cursor=` (the
  // previous page's `next`, with the same year) for the one after.
  app.get('/api/history', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { cursor, year } = parseInput(pageQuery, request.query);
    const page = { cursor: cursor ? decodeCursor(cursor) : null, year };
    const user = await sessionUserOf(ctx, request);
    if (user) return listHistory(ctx, { userId: user.id }, page);
    // A guest sees what was given on this device (decision 029); a visitor, nothing.
    const guestId = guestIdOf(ctx, request);
    return guestId ? listHistory(ctx, { guestId }, page) : { entries: [], next: null };
  });

  // What this device gave as a guest that no account has yet: sign-up offers to attach it.
  app.get('/api/history/guest-gifts', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const guestId = guestIdOf(ctx, request);
    return guestId ? guestGiftsSummary(ctx, guestId) : { count: 0, amount: 0 };
  });

  app.post('/api/history/cash/:id/delete', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    const { id } = parseInput(cashParams, request.params);
    const { reason } = parseInput(cashDeleteSchema, request.body);
    await deleteCashGift(ctx, user.id, id, reason);
    return reply.status(204).send();
  });

  // Receipts and yearly statements as PDF (issue 12): the owner's only.
  app.get('/api/history/receipts/:id', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    const { id } = parseInput(receiptParams, request.params);
    return sendPdf(reply, await receiptPdf(ctx, user.id, id));
  });

  app.get('/api/history/statements', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    reply.header('cache-control', 'no-store');
    return { years: await statementYears(ctx, user.id) };
  });

  app.get('/api/history/statements/:year', async (request, reply) => {
    const user = await requireSessionUser(ctx, request);
    const { year } = parseInput(statementParams, request.params);
    return sendPdf(reply, await statementPdf(ctx, user, year));
  });
};
