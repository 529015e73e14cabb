import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { isLanguage, LANGUAGES } from '../../shared/languages.ts';
import type { SessionUser } from '../platform/session-cache.ts';

export type { SessionUser };

// Who is asking, cheaply (issue 16 #3). The auth library's own lookup costs two statements
// (session, then user) and /api/me added the admin and finance checks: four or five per
// request. Here the signed session cookie is checked in process, then ONE statement reads
// the session, the member and their roles; a process keeps the answer a few seconds
// (SESSION_CACHE_SECONDS), and forgets it at once on sign-out, password change or reset,
// role or profile changes made through this process (decision 017).

interface SessionRow {
  id: string;
  email: string;
  name: string;
  expires_at: Date | string;
  is_admin: boolean;
  finance_all: boolean | null;
  finance_assemblies: string[] | null;
  locale: string;
}

export const SESSION_USER_SQL = `
select u.id, u.email, u.full_name as name, u.locale, s.expires_at,
  exists (select 1 from admins a where a.user_id = u.id) as is_admin,
  f.all_assemblies as finance_all,
  case when f.user_id is not null and not f.all_assemblies then array(
    select fa.assembly from finance_officer_assemblies fa where fa.user_id = u.id order by fa.assembly
  ) end as finance_assemblies
from auth_sessions s
join users u on u.id = s.user_id
left join finance_officers f on f.user_id = u.id
where s.token = $1`;

interface CookieNames {
  session: string;
  dontRemember: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const cookieNames = new WeakMap<object, Promise<CookieNames>>();

function namesOf(ctx: Pick<AppContext, 'auth'>): Promise<CookieNames> {
  let names = cookieNames.get(ctx.auth);
  if (!names) {
    names = ctx.auth.$context.then((auth) => ({
      session: auth.authCookies.sessionToken.name,
      dontRemember: auth.authCookies.dontRememberToken.name,
      expiresInMs: auth.sessionConfig.expiresIn * 1000,
      updateAgeMs: auth.sessionConfig.updateAge * 1000,
    }));
    cookieNames.set(ctx.auth, names);
  }
  return names;
}

/** One cookie's value from a Cookie header, URI-decoded; undefined when absent. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The token of a session cookie the auth library signed with `secret` (HMAC-SHA256). */
export function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The member a request's Cookie header signs in, or null. */
export async function lookupSession(
  ctx: Pick<AppContext, 'auth' | 'database' | 'secrets' | 'sessions'>,
  cookieHeader: string | undefined,
): Promise<SessionUser | null> {
  if (!cookieHeader) return null;
  const names = await namesOf(ctx);
  // Keyed by the signed value: a cached session costs no signature check either.
  const signed = cookieValue(cookieHeader, names.session);
  if (!signed) return null;
  const now = Date.now();
  const cached = ctx.sessions.get(signed, now);
  if (cached) return cached.user;
  const token = verifiedToken(signed, ctx.secrets.authSecret);
  if (!token) return null;
  const generation = ctx.sessions.generation;

  const [row] = await ctx.database.query<SessionRow>(SESSION_USER_SQL, [token], 'session_user');
  const expiresAt = row ? new Date(row.expires_at).getTime() : 0;
  if (!row || expiresAt <= now) {
    // Unknown or ended: the library clears an ended one the next time it is asked.
    ctx.sessions.set(signed, null, now, now + 1000, generation);
    return null;
  }
  // Once a day of use, the library pushes the session's end back (its `updateAge`).
  if (
    expiresAt - names.expiresInMs + names.updateAgeMs <= now &&
    !cookieValue(cookieHeader, names.dontRemember)
  ) {
    const refreshed = await ctx.auth.api.getSession({
      headers: new Headers({ cookie: cookieHeader }),
    });
    if (!refreshed) return null;
  }
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.is_admin,
    finance: row.is_admin
      ? { all: true }
      : row.finance_all === null
        ? null
        : row.finance_all
          ? { all: true }
          : { all: false, assemblies: row.finance_assemblies ?? [] },
    locale: isLanguage(row.locale) ? row.locale : LANGUAGES[0],
  };
  ctx.sessions.set(signed, user, now, expiresAt, generation);
  return user;
}

/** The signed-in member of these request headers, or null (guests have no session). */
export function findSessionUser(ctx: AppContext, headers: Headers): Promise<SessionUser | null> {
  return lookupSession(ctx, headers.get('cookie') ?? undefined);
}

// One session lookup per request, however many places (rate limit key, route) ask.
const requestUsers = new WeakMap<object, Promise<SessionUser | null>>();

/** The signed-in member of this request (or null), looked up once per request. */
export function sessionUserOf(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  let user = requestUsers.get(request.raw);
  if (!user) {
    user = lookupSession(ctx, request.headers.cookie);
    requestUsers.set(request.raw, user);
  }
  return user;
}
