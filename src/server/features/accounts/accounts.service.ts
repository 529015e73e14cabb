import { m } from '../../../paraglide/messages.js';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isAPIError } from 'better-auth/api';
import {
  firstNameOf,
  shownEmail,
  type Me,
  type UsersPage,
} from '../../../shared/schemas/accounts.ts';
import type { z } from 'zod';
import type { signUpSchema } from '../../../shared/schemas/accounts.ts';
import type { AppContext } from '../../context.ts';
import { admins, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { assertAssemblyOffered } from '../../core/church.ts';
import { sessionUserOf } from '../../core/session.ts';

export async function getMe(ctx: AppContext, request: FastifyRequest): Promise<Me> {
  const user = await sessionUserOf(ctx, request);
  if (!user) return { user: null };
  return {
    user: {
      id: user.id,
      email: shownEmail(user.email),
      fullName: user.name,
      firstName: firstNameOf(user.name),
      isAdmin: user.isAdmin,
      finance: user.finance ? (user.finance.all ? 'all' : 'some') : null,
    },
  };
}

export async function isEmailAvailable(
  ctx: Pick<AppContext, 'db'>,
  email: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return !row;
}

/**
 * Creates the member (one `users` row, which is also the auth user) and sends the
 * confirmation email. The account cannot log in before the email is confirmed.
 */
export async function signUp(
  ctx: AppContext,
  input: z.output<typeof signUpSchema>,
  headers: Headers,
): Promise<string> {
  const perAccount = await consumeRateLimit(
    ctx.db,
    `signup-account:${input.email}`,
    3,
    60 * 60 * 1000,
  );
  if (!perAccount.allowed) {
    throw new AppError(429, 'RATE_LIMITED', m.server_accounts_sign_up_email_limit());
  }
  await assertAssemblyOffered(ctx, input.assembly);
  if (!(await isEmailAvailable(ctx, input.email))) {
    throw new AppError(409, 'EMAIL_TAKEN', m.shared_accounts_email_taken());
  }
  const userId = await createAuthUser(ctx, headers, {
    name: `${input.firstName} ${input.lastName}`,
    email: input.email,
    password: input.password,
    contactPhone: input.phone,
    assemblyName: input.assembly,
    callbackURL: '/auth?verified=1',
  });
  if (ctx.config.adminEmails.includes(input.email)) await grantAdmin(ctx, input.email);
  return userId;
}

/**
 * The auth library's sign-up (one `users` row, the hashed password, the confirmation mail):
 * its errors in our shape. The id of the new member.
 */
export async function createAuthUser(
  ctx: AppContext,
  headers: Headers,
  body: {
    name: string;
    email: string;
    password: string;
    contactPhone: string;
    assemblyName: string;
    callbackURL?: string;
  },
): Promise<string> {
  try {
    const { user } = await ctx.auth.api.signUpEmail({ headers, body });
    return user.id;
  } catch (error) {
    if (isAPIError(error)) {
      const errorBody = error.body as { code?: string; message?: string } | undefined;
      if (errorBody?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
        throw new AppError(409, 'EMAIL_TAKEN', m.shared_accounts_email_taken());
      }
      throw new AppError(
        error.statusCode,
        errorBody?.code ?? 'SIGN_UP_FAILED',
        errorBody?.message ?? error.message,
      );
    }
    throw error;
  }
}

/** Makes the account with this email an admin. False when no such account exists. */
export async function grantAdmin(ctx: Pick<AppContext, 'db'>, email: string): Promise<boolean> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user) return false;
  await ctx.db.insert(admins).values({ userId: user.id }).onConflictDoNothing();
  return true;
}

export async function revokeAdmin(ctx: Pick<AppContext, 'db'>, email: string): Promise<boolean> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!user) return false;
  await ctx.db.delete(admins).where(eq(admins.userId, user.id));
  return true;
}

/** ADMIN_EMAILS at start: the accounts that exist become admins. */
export async function applyAdminEmails(
  ctx: Pick<AppContext, 'db'>,
  emails: string[],
): Promise<number> {
  if (emails.length === 0) return 0;
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  if (found.length === 0) return 0;
  await ctx.db
    .insert(admins)
    .values(found.map((u) => ({ userId: u.id })))
    .onConflictDoNothing();
  return found.length;
}

const USERS_PAGE_SIZE = 25;

/** Registered Users (/admin/users): newest first, searched by name or email, a page at a time. */
export async function listMembers(
  ctx: Pick<AppContext, 'db'>,
  options: { q?: string | undefined; page?: number | undefined },
): Promise<UsersPage> {
  const page = options.page ?? 1;
  const q = options.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern
    ? sql`(${users.fullName} ilike ${pattern} or ${users.email} ilike ${pattern})`
    : undefined;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        phoneNumber: users.phoneNumber,
        assemblyName: users.assemblyName,
        createdAt: users.createdAt,
        emailVerified: users.emailVerified,
        adminId: admins.id,
      })
      .from(users)
      .leftJoin(admins, eq(admins.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    users: rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      email: shownEmail(row.email),
      phoneNumber: row.phoneNumber,
      assemblyName: row.assemblyName,
      joinedAt: row.createdAt.toISOString(),
      emailVerified: row.emailVerified,
      isAdmin: row.adminId !== null,
    })),
    total: Number(count?.n ?? 0),
    page,
    pageSize: USERS_PAGE_SIZE,
  };
}
