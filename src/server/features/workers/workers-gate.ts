import { isAPIError } from 'better-auth/api';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { workersGateGrants } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/session.ts';
import { startPasswordAttempt } from '../../core/sign-in-limits.ts';

// The workers gate (spec §2): the password again, checked by the server.

export interface GateInput {
  email?: string | undefined;
  password: string;
}

/**
 * The workers gate (spec §2): the password is checked by the server. A signed-in member
 * re-enters their own; anyone else signs in with email and password (and gets a session,
 * returned as headers). Limited like login: per account and client.
 */
export async function passWorkersGate(
  ctx: AppContext,
  input: GateInput,
  request: { headers: Headers; ip: string; user: SessionUser | null },
): Promise<{ headers: Headers | null }> {
  const email = (request.user?.email ?? input.email ?? '').trim().toLowerCase();
  if (!email) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_workers_fields_attention(), {
      email: m.server_workers_email_required(),
    });
  }
  // Limited like sign-in, whose counts it shares: only wrong passwords count (decision 028).
  const attempt = await startPasswordAttempt(ctx, {
    email,
    password: input.password,
    ip: request.ip,
  });

  let headers: Headers | null = null;
  let userId: string;
  try {
    if (request.user) {
      await ctx.auth.api.verifyPassword({
        headers: request.headers,
        body: { password: input.password },
      });
      userId = request.user.id;
    } else {
      const result = await ctx.auth.api.signInEmail({
        headers: request.headers,
        body: { email, password: input.password },
        returnHeaders: true,
      });
      headers = result.headers;
      userId = result.response.user.id;
    }
  } catch (error) {
    if (isAPIError(error)) {
      const body = error.body as { code?: string; message?: string } | undefined;
      // The auth library's own words are English: the two a wrong password gets, in the
      // member's language.
      const message =
        body?.code === 'INVALID_PASSWORD'
          ? m.server_workers_invalid_password()
          : body?.code === 'INVALID_EMAIL_OR_PASSWORD' || !body?.message
            ? m.server_workers_invalid_login()
            : body.message;
      throw new AppError(error.statusCode === 403 ? 403 : 401, body?.code ?? 'AUTH_ERROR', message);
    }
    throw error;
  }
  await attempt.succeeded();
  await ctx.db.insert(workersGateGrants).values({ userId });
  return { headers };
}
