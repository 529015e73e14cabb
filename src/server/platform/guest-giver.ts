import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A guest's gifts belong to the device they were given on (issue 30, decision 029): a random
// id in an HttpOnly cookie, signed so nobody can write another device's id into theirs. It is
// not the guest flag (`flock.guest`, which the app reads and which opens screens only).

export const GUEST_GIVER_COOKIE = 'flock.giver';
/** As long as the guest flag: 400 days, browsers' longest. */
const MAX_AGE_SECONDS = 400 * 24 * 3600;

/** What it needs of the app: its address (HTTPS: a Secure cookie) and its signing secret. */
interface Ctx {
  config: { publicUrl: string };
  secrets: { authSecret: string };
}

const sign = (ctx: Ctx, id: string) =>
  createHmac('sha256', ctx.secrets.authSecret).update(`guest-giver:${id}`).digest('base64url');

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/** This device's guest id, when its cookie carries one we signed. */
export function guestIdOf(ctx: Ctx, request: FastifyRequest): string | null {
  const value = cookieValue(request, GUEST_GIVER_COOKIE);
  const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, id, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(ctx, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

function setCookie(ctx: Ctx, reply: FastifyReply, value: string, maxAge: number) {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${GUEST_GIVER_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** This device's guest id, made (and its cookie set) when it has none yet. */
export function ensureGuestId(ctx: Ctx, request: FastifyRequest, reply: FastifyReply): string {
  const known = guestIdOf(ctx, request);
  if (known) return known;
  const id = randomBytes(16).toString('base64url');
  setCookie(ctx, reply, `${id}.${sign(ctx, id)}`, MAX_AGE_SECONDS);
  return id;
}

/** Forgets the device's guest id (its gifts now belong to an account). */
export function clearGuestId(ctx: Ctx, reply: FastifyReply) {
  setCookie(ctx, reply, '', 0);
}
