import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  auditQuerySchema,
  bankMappingSchema,
  bankSchema,
  cashCodeSchema,
  cashReceiveSchema,
  manualMatchSchema,
  officerGrantSchema,
  reportQuerySchema,
} from '../../../shared/schemas/finance.ts';
import { emailSchema } from '../../../shared/schemas/accounts.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { memberRateLimit, requireFinance, requireFinanceAdmin } from '../../core/guards.ts';
import { listAudit } from './audit.service.ts';
import { importStatement, rematchLines } from './import-statement.ts';
import { listLines, listStatements, matchCandidates } from './statement-lines.ts';
import { listMappings, saveMapping } from './bank-mappings.ts';
import { matchManually, unmatchLine } from './manual-matching.ts';
import { findCashByCode, listFlaggedCash, receiveCash } from './cash-desk.service.ts';
import { describeAccess, grantOfficer, listOfficers, revokeOfficer } from './officers.service.ts';
import { buildReport, reportEntriesCsv, reportTableCsv } from './reports.service.ts';

// The finance desk's HTTP side: thin routes, every rule (scope included) in the services.
// Each call starts with requireFinance (officers and admins) or requireFinanceAdmin.

const idParams = z.object({ id: z.uuid({ error: () => m.server_finance_not_found() }) });
const bankParams = z.object({ bank: bankSchema });
const bankQuery = bankParams.strict();
const emailBody = z.object({ email: emailSchema }).strict();
const linesQuery = z
  .object({
    state: z.enum(['unmatched', 'matched']).default('unmatched'),
    statement: z.uuid().optional(),
  })
  .strict();

/** Statement files: a month of a busy account is well under this. */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;

function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .type('text/csv; charset=utf-8')
    .send(`\uFEFF${csv}`);
}

export const financeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const writes = memberRateLimit(ctx, { member: 300, address: 300, timeWindow: '10 minutes' });
  const receiveSchema = cashReceiveSchema(ctx.config.giving.maxAmountPesewas);

  app.get('/api/finance/access', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    noStore(reply);
    return describeAccess(ctx, caller.scope, caller.isAdmin);
  });

  // ---------------------------------------------------------------- cash desk

  app.get(
    '/api/finance/cash',
    // A lookup by code is a guess at a code: limited like a write.
    { config: { rateLimit: writes } },
    async (request, reply) => {
      const caller = await requireFinance(ctx, request);
      const { code } = parseInput(cashCodeSchema, request.query);
      noStore(reply);
      return findCashByCode(ctx, caller.scope, code);
    },
  );

  app.get('/api/finance/cash/flagged', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    noStore(reply);
    return { entries: await listFlaggedCash(ctx, caller.scope) };
  });

  app.post('/api/finance/cash/:id/receive', { config: { rateLimit: writes } }, async (request) => {
    const caller = await requireFinance(ctx, request);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(receiveSchema, request.body);
    return receiveCash(ctx, caller.actor, caller.scope, id, input);
  });

  // ---------------------------------------------------------------- bank matching

  app.get('/api/finance/bank/mappings', async (request, reply) => {
    await requireFinance(ctx, request);
    noStore(reply);
    return { mappings: await listMappings(ctx) };
  });

  app.put(
    '/api/finance/bank/mappings/:bank',
    { config: { rateLimit: writes } },
    async (request) => {
      const caller = await requireFinance(ctx, request);
      const { bank } = parseInput(bankParams, request.params);
      const mapping = parseInput(bankMappingSchema, request.body);
      return saveMapping(ctx, caller.actor, bank, mapping);
    },
  );

  // Uploads: multipart is parsed in this scope only (not for the whole app).
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    scope.post(
      '/api/finance/bank/statements',
      {
        config: {
          rateLimit: memberRateLimit(ctx, { member: 30, address: 30, timeWindow: '10 minutes' }),
        },
      },
      async (request, reply) => {
        const caller = await requireFinance(ctx, request);
        const { bank } = parseInput(bankQuery, request.query);
        if (!request.isMultipart()) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', m.server_finance_upload_file());
        }
        const file = await request.file();
        if (!file) throw new AppError(400, 'NO_FILE', m.server_finance_choose_file());
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(
              413,
              'FILE_TOO_LARGE',
              m.server_finance_file_too_large({ mb: MAX_STATEMENT_BYTES / 1024 / 1024 }),
            );
          }
          throw error;
        }
        if (bytes.length === 0) throw new AppError(400, 'NO_FILE', m.server_finance_file_empty());
        const result = await importStatement(ctx, caller, {
          bank,
          fileName: file.filename || 'statement.csv',
          bytes,
        });
        return reply.status(201).send(result);
      },
    );
  });

  app.get('/api/finance/bank/statements', async (request, reply) => {
    await requireFinance(ctx, request);
    noStore(reply);
    return { statements: await listStatements(ctx) };
  });

  app.get('/api/finance/bank/lines', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const query = parseInput(linesQuery, request.query);
    noStore(reply);
    return {
      lines: await listLines(ctx, caller.scope, {
        state: query.state,
        statementId: query.statement,
      }),
    };
  });

  app.get('/api/finance/bank/lines/:id/candidates', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const { id } = parseInput(idParams, request.params);
    noStore(reply);
    return { candidates: await matchCandidates(ctx, caller.scope, id) };
  });

  app.post(
    '/api/finance/bank/lines/:id/match',
    { config: { rateLimit: writes } },
    async (request, reply) => {
      const caller = await requireFinance(ctx, request);
      const { id } = parseInput(idParams, request.params);
      const { entryId } = parseInput(manualMatchSchema, request.body);
      await matchManually(ctx, caller, id, entryId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/finance/bank/lines/:id/unmatch',
    { config: { rateLimit: writes } },
    async (request, reply) => {
      const caller = await requireFinance(ctx, request);
      const { id } = parseInput(idParams, request.params);
      await unmatchLine(ctx, caller, id);
      return reply.status(204).send();
    },
  );

  app.post('/api/finance/bank/rematch', { config: { rateLimit: writes } }, async (request) => {
    const caller = await requireFinance(ctx, request);
    return rematchLines(ctx, caller);
  });

  // ---------------------------------------------------------------- reports

  app.get('/api/finance/reports', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const query = parseInput(reportQuerySchema, request.query);
    noStore(reply);
    return buildReport(ctx, caller.scope, query);
  });

  app.get('/api/finance/reports/table.csv', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const query = parseInput(reportQuerySchema, request.query);
    const csv = await reportTableCsv(ctx, caller.scope, query);
    return sendCsv(reply, `giving-report-${query.from}-to-${query.to}.csv`, csv);
  });

  app.get('/api/finance/reports/entries.csv', async (request, reply) => {
    const caller = await requireFinance(ctx, request);
    const query = parseInput(reportQuerySchema, request.query);
    const csv = await reportEntriesCsv(ctx, caller.scope, query);
    return sendCsv(reply, `giving-entries-${query.from}-to-${query.to}.csv`, csv);
  });

  // ---------------------------------------------------------------- admins: roles and audit

  app.get('/api/admin/finance/officers', async (request, reply) => {
    await requireFinanceAdmin(ctx, request);
    noStore(reply);
    return { officers: await listOfficers(ctx) };
  });

  app.put('/api/admin/finance/officers', { config: { rateLimit: writes } }, async (request) => {
    const caller = await requireFinanceAdmin(ctx, request);
    const input = parseInput(officerGrantSchema, request.body);
    const granted = await grantOfficer(ctx, caller.actor, input);
    ctx.sessions.forget(); // the officer's next request sees the new scope
    return granted;
  });

  app.post(
    '/api/admin/finance/officers/revoke',
    { config: { rateLimit: writes } },
    async (request, reply) => {
      const caller = await requireFinanceAdmin(ctx, request);
      const { email } = parseInput(emailBody, request.body);
      if (!(await revokeOfficer(ctx, caller.actor, email))) {
        throw new AppError(404, 'NOT_FOUND', m.server_finance_not_officer());
      }
      ctx.sessions.forget();
      return reply.status(204).send();
    },
  );

  app.get('/api/admin/finance/audit', async (request, reply) => {
    await requireFinanceAdmin(ctx, request);
    const query = parseInput(auditQuerySchema, request.query);
    noStore(reply);
    return { entries: await listAudit(ctx, query) };
  });
};
