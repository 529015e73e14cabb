import { createHash } from 'node:crypto';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

// Fixed-window counters in PostgreSQL, so every limit holds across app instances (the
// plugins' default stores are per process). One counter function serves the Fastify
// plugin, the auth library and the per-account limits.

/**
 * One client address may stand for this many members (a church Wi-Fi on Sunday, a mobile
 * carrier's shared address): limits on anonymous endpoints are sized with it.
 */
export const ADDRESS_SHARE = 10;

export interface Hit {
  count: number;
  /** Milliseconds until the window resets. */
  ttl: number;
}

/**
 * Keys carry what a client sent (an email, an address): a long one is stored as its hash, so
 * no input can outgrow the key's index (PostgreSQL refuses index entries over ~2.7 kB).
 */
export function storableKey(key: string): string {
  if (key.length <= 200) return key;
  // (The slice may end inside a surrogate pair: drop the half.)
  return `${key.slice(0, 64).replace(/[\ud800-\udbff]$/, '')}…sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export async function hitRateLimit(db: Db, rawKey: string, windowMs: number): Promise<Hit> {
  const key = storableKey(rawKey);
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl`);
  const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0]!;
  return { count: Number(row.count), ttl: Math.max(0, Number(row.ttl)) };
}

/**
 * Counts several hits in one statement (one round trip, one write on the embedded database):
 * each key is raised by its `by` (1 for a request, or a size such as bytes) in its own window.
 * Answers in the order given.
 */
export async function hitRateLimits(
  db: Db,
  hits: { key: string; windowMs: number; by?: number }[],
): Promise<Hit[]> {
  const keys = hits.map((hit) => storableKey(hit.key));
  const rows = sql.join(
    hits.map(
      (hit, i) =>
        sql`(${keys[i]}, ${Math.max(0, Math.round(hit.by ?? 1))}::int, now() + make_interval(secs => ${hit.windowMs / 1000}))`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, count, reset_at)
    values ${rows}
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then excluded.count else ${rateLimits.count} + excluded.count end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning key, count, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl`);
  const byKey = new Map(
    (result as unknown as { rows: { key: string; count: number; ttl: number }[] }).rows.map(
      (row) => [row.key, { count: Number(row.count), ttl: Math.max(0, Number(row.ttl)) }],
    ),
  );
  return keys.map((key) => byKey.get(key)!);
}

/** Counts a hit and says whether it is within `max` per window. */
export async function consumeRateLimit(db: Db, key: string, max: number, windowMs: number) {
  const hit = await hitRateLimit(db, key, windowMs);
  return { allowed: hit.count <= max, retryAfterSeconds: Math.ceil(hit.ttl / 1000) };
}

/**
 * Keys this process found over their limit, until their window ends (ms since the epoch), per
 * database. A count only grows within its window, so a key over its limit stays over it until
 * the window ends: the next requests are refused from here, with no write (issue 31: a client
 * that kept trying cost the embedded database one statement per refusal). Only for limits
 * nothing takes back (not the sign-in failures, which a right password refunds).
 */
const refusals = new WeakMap<object, Map<string, number>>();
const MAX_REFUSALS = 10_000;

function refusalsOf(db: Db) {
  let map = refusals.get(db);
  if (!map) refusals.set(db, (map = new Map()));
  return map;
}

/** Milliseconds until `key`'s window ends when it is known to be over its limit, else 0. */
export function knownRefusal(db: Db, rawKey: string): number {
  const map = refusals.get(db);
  const until = map?.get(rawKey);
  if (until === undefined) return 0;
  const left = until - Date.now();
  if (left > 0) return left;
  map!.delete(rawKey);
  return 0;
}

export function rememberRefusal(db: Db, rawKey: string, ttlMs: number) {
  if (ttlMs <= 0) return;
  const map = refusalsOf(db);
  if (map.size >= MAX_REFUSALS) {
    const now = Date.now();
    for (const [key, until] of map) if (until <= now) map.delete(key);
    // Still full: forget them all (the database still holds every count).
    if (map.size >= MAX_REFUSALS) map.clear();
  }
  map.set(rawKey, Date.now() + ttlMs);
}

/** Forgets every remembered refusal (tests that empty `rate_limits` call this too). */
export function forgetRefusals(db: Db) {
  refusals.delete(db);
}

type RouteInfo = { routeInfo?: Partial<RouteOptions> };

export function pgRateLimitStore(db: Db) {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: FastifyRateLimitOptions & RouteInfo) {
      const route = options.routeInfo;
      this.prefix = route?.url ? `${String(route.method)}:${route.url}:` : 'global:';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      const full = this.prefix + key;
      const refusedFor = knownRefusal(db, full);
      if (refusedFor > 0) {
        callback(null, { current: max + 1, ttl: refusedFor });
        return;
      }
      hitRateLimit(db, full, timeWindow)
        .then((hit) => {
          if (hit.count > max) rememberRefusal(db, full, hit.ttl);
          callback(null, { current: hit.count, ttl: hit.ttl });
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: RouteOptions & { path: string; prefix: string }) {
      return new PgRateLimitStore(routeOptions as never);
    }
  };
}

export async function deleteExpiredRateLimits(db: Db) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date()));
}

/** Takes back one hit (an attempt that turned out not to count, e.g. a right password). */
export async function refundRateLimit(db: Db, rawKey: string) {
  await db.execute(sql`
    update ${rateLimits} set count = greatest(${rateLimits.count} - 1, 0)
    where key = ${storableKey(rawKey)} and ${rateLimits.resetAt} > now()`);
}
