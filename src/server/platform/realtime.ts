import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

// Realtime fan-out through PostgreSQL LISTEN/NOTIFY (DESIGN.md principle 4): every app
// instance listens on one channel; a write anywhere NOTIFYs it with the users it concerns,
// and each instance hands the payload to the sockets of those users it holds. On the
// embedded database PGlite's in-process LISTEN runs the same code path in one process.

export const REALTIME_CHANNEL = 'flock_realtime';

/** NOTIFY payloads must stay under 8000 bytes; callers send a reference beyond this. */
export const MAX_NOTIFY_BYTES = 7900;

/** What every local subscriber gets after the listening connection was lost and is back. */
export const RESYNC = { type: 'resync' } as const;

/**
 * Sent to a member when what they may open changed (an application decided or superseded):
 * their open sockets, on every instance, check again at once instead of at the next recheck.
 * Never forwarded to the browser.
 */
export const ACCESS_CHANGED = { type: 'access-changed' } as const;

/** Tells every instance that `userId`'s access changed; a failure is logged, not thrown. */
export async function announceAccessChange(
  ctx: { realtime: Realtime; log: FastifyBaseLogger },
  userId: string,
) {
  try {
    await ctx.realtime.publish([userId], ACCESS_CHANGED);
  } catch (error) {
    ctx.log.warn(
      { err: error },
      'realtime access-change notice failed (sockets recheck within a minute)',
    );
  }
}

export type Deliver = (payload: unknown) => void;

export interface Realtime {
  /** Sends `payload` (JSON) to every subscriber of these users, on every instance. */
  publish(to: string[], payload: unknown): Promise<void>;
  /** True when `publish` would accept this payload. */
  fits(to: string[], payload: unknown): boolean;
  /** Delivers payloads for `userId` here; returns the unsubscribe. */
  subscribe(userId: string, deliver: Deliver): () => void;
  /** How many local subscribers (sockets) there are. */
  size(): number;
  close(): Promise<void>;
}

interface Envelope {
  to: string[];
  payload: unknown;
}

export async function createRealtime(
  database: Database,
  log: FastifyBaseLogger,
): Promise<Realtime> {
  const subscribers = new Map<string, Set<Deliver>>();
  let count = 0;

  const deliverTo = (userId: string, payload: unknown) => {
    for (const deliver of subscribers.get(userId) ?? []) {
      try {
        deliver(payload);
      } catch (error) {
        log.warn({ err: error }, 'realtime delivery failed');
      }
    }
  };

  const stop = await database.listen(
    REALTIME_CHANNEL,
    (raw) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch {
        return;
      }
      if (!Array.isArray(envelope.to)) return;
      for (const userId of new Set(envelope.to)) deliverTo(userId, envelope.payload);
    },
    () => {
      // Notifications sent while the connection was down are lost: tell clients to catch up.
      for (const userId of subscribers.keys()) deliverTo(userId, RESYNC);
    },
  );

  const encode = (to: string[], payload: unknown) => JSON.stringify({ to, payload });

  return {
    fits(to, payload) {
      return Buffer.byteLength(encode(to, payload)) <= MAX_NOTIFY_BYTES;
    },
    async publish(to, payload) {
      const text = encode(to, payload);
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
        throw new Error('Realtime payload too large for NOTIFY; send a reference instead.');
      }
      await database.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${text})`);
    },
    subscribe(userId, deliver) {
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(deliver);
      count += 1;
      return () => {
        if (!set.delete(deliver)) return;
        count -= 1;
        if (set.size === 0) subscribers.delete(userId);
      };
    },
    size: () => count,
    async close() {
      subscribers.clear();
      count = 0;
      await stop();
    },
  };
}
