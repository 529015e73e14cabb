import type { FastifyRequest } from 'fastify';
import { m } from '../../paraglide/messages.js';
import type { FinanceScope } from '../../shared/schemas/finance.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { sessionUserOf, type SessionUser } from './session.ts';

// Who may call a route, asked first in its handler: a signed-in member, an admin, a finance
// officer (the roles come with the session lookup, session.ts), and the rate limit keyed by
// member. Every feature imports them from here (issue 49), none from another feature.

/**
 * A route's rate limit keyed by member when signed in, else by client address (issue 15
 * #10): a congregation on one church Wi-Fi is many members, not one client. `address` is
 * for anonymous callers and should be sized for such shared addresses.
 */
export function memberRateLimit(
  ctx: AppContext,
  limits: {
    member: number;
    address: number;
    timeWindow: string;
    /**
     * 'onRequest' (still after the edge's origin check) refuses before the body is read and
     * checked: for writes a client may repeat as fast as it likes (issue 31).
     */
    hook?: 'onRequest' | 'preHandler';
  },
) {
  return {
    // After the edge checks: a request refused there costs no session lookup.
    hook: limits.hook ?? ('preHandler' as const),
    timeWindow: limits.timeWindow,
    keyGenerator: async (request: FastifyRequest) => {
      const user = await sessionUserOf(ctx, request);
      return user ? `member:${user.id}` : `address:${request.ip}`;
    },
    max: async (_request: FastifyRequest, key: string) =>
      key.startsWith('member:') ? limits.member : limits.address,
  };
}

export async function requireSessionUser(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SessionUser> {
  const user = await sessionUserOf(ctx, request);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', m.server_accounts_log_in_first());
  return user;
}

/** Admin endpoints: 401 without a session, 403 for members who are not admins. */
export async function requireAdmin(ctx: AppContext, request: FastifyRequest): Promise<SessionUser> {
  const user = await requireSessionUser(ctx, request);
  if (!user.isAdmin) throw new AppError(403, 'FORBIDDEN', m.server_accounts_admins_only());
  return user;
}

export interface FinanceCaller {
  user: SessionUser;
  /** Who the finance audit names (features/finance/audit.service.ts). */
  actor: { id: string; email: string };
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
  // The roles came with the session lookup (one statement, see session.ts).
  const scope = user.finance;
  if (!scope) throw new AppError(403, 'FORBIDDEN', m.shared_finance_no_finance_access());
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
