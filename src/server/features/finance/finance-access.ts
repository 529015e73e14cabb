import type { FastifyRequest } from 'fastify';
import { FINANCE_MESSAGES, type FinanceScope } from '../../../shared/schemas/finance.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { sessionUserOf, type SessionUser } from '../accounts/accounts.service.ts';
import type { Actor } from './audit.service.ts';

export interface FinanceCaller {
  user: SessionUser;
  actor: Actor;
  isAdmin: boolean;
  scope: FinanceScope;
}

/** Every finance call: 401 without a session, 403 for anyone who is neither officer nor admin. */
export async function requireFinance(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<FinanceCaller> {
  const user = await sessionUserOf(ctx, request);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', m.server_finance_log_in());
  // The roles came with the session lookup (one statement, see accounts/session.ts).
  const scope = user.finance;
  if (!scope) throw new AppError(403, 'FORBIDDEN', FINANCE_MESSAGES.noFinanceAccess);
  return { user, actor: { id: user.id, email: user.email }, isAdmin: user.isAdmin, scope };
}

/** Role changes and the audit trail: admins only. */
export async function requireFinanceAdmin(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<FinanceCaller> {
  const user = await sessionUserOf(ctx, request);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', m.server_finance_log_in());
  if (!user.isAdmin) {
    throw new AppError(403, 'FORBIDDEN', m.server_finance_admins_only());
  }
  return { user, actor: { id: user.id, email: user.email }, isAdmin: true, scope: { all: true } };
}
