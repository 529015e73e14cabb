import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { hitRateLimits, knownRefusal, rememberRefusal } from '../../platform/rate-limit.ts';

// How fast one pastor may write messages (issue 31, decision 032). Each message is a write on
// the database, which on the embedded one holds every other member's request while it runs:
// without a bound, one pastor posting large messages as fast as the connection allows slowed
// everyone. The counters live in PostgreSQL (they hold across instances): one statement per
// message counts all three limits. A pastor over a limit is refused on this instance without
// a further write until that window ends (rate-limit.ts, `rememberRefusal`).

/** What one pastor may write (new messages, files and edits). */
export interface PastorMessageLimits {
  /** Messages within `burstWindowMs`. */
  burst: number;
  burstWindowMs: number;
  /** Messages within `windowMs`. */
  perWindow: number;
  /** UTF-8 bytes of text (new messages and edits) within `windowMs`. */
  bytesPerWindow: number;
  windowMs: number;
}

export const MESSAGE_LIMITS: PastorMessageLimits = {
  burst: 10,
  burstWindowMs: 10_000,
  perWindow: 30,
  bytesPerWindow: 64 * 1024,
  windowMs: 60_000,
};

export interface MessageLimiter {
  /** Counts one write of `bytes` bytes of text by `pastorId`; throws 429 over a limit. */
  consume(pastorId: string, bytes: number): Promise<void>;
  /** Throws 429 when `pastorId` is known here to be over a limit (no database call). */
  refuseIfKnown(pastorId: string): void;
}

const tooFast = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'RATE_LIMITED',
    m.server_pastor_too_fast({ count: retryAfterSeconds }),
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

export function createMessageLimiter(
  ctx: Pick<AppContext, 'db'>,
  overrides: Partial<PastorMessageLimits> = {},
): MessageLimiter {
  const limits = { ...MESSAGE_LIMITS, ...overrides };
  const keys = (pastorId: string) => ({
    burst: `pastor-messages:burst:${pastorId}`,
    count: `pastor-messages:count:${pastorId}`,
    bytes: `pastor-messages:bytes:${pastorId}`,
  });
  const knownFor = (pastorId: string) =>
    Math.max(...Object.values(keys(pastorId)).map((key) => knownRefusal(ctx.db, key)));
  return {
    refuseIfKnown(pastorId) {
      const ttl = knownFor(pastorId);
      if (ttl > 0) throw tooFast(Math.max(1, Math.ceil(ttl / 1000)));
    },
    async consume(pastorId, bytes) {
      const key = keys(pastorId);
      const checks = [
        {
          key: key.burst,
          windowMs: limits.burstWindowMs,
          max: limits.burst,
        },
        {
          key: key.count,
          windowMs: limits.windowMs,
          max: limits.perWindow,
        },
        {
          key: key.bytes,
          windowMs: limits.windowMs,
          max: limits.bytesPerWindow,
          by: bytes,
        },
      ];
      // The wait is until every limit passed has reset.
      let ttl = knownFor(pastorId);
      if (ttl <= 0) {
        const hits = await hitRateLimits(ctx.db, checks);
        checks.forEach((check, i) => {
          if (hits[i]!.count <= check.max) return;
          rememberRefusal(ctx.db, check.key, hits[i]!.ttl);
          ttl = Math.max(ttl, hits[i]!.ttl);
        });
      }
      if (ttl > 0) throw tooFast(Math.max(1, Math.ceil(ttl / 1000)));
    },
  };
}
