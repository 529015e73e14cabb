import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { PASTOR_SOCKET_PATH } from '../../../shared/pastor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { authHeaders } from '../../platform/auth.ts';
import { ACCESS_CHANGED } from '../../platform/realtime.ts';
import { ADDRESS_SHARE } from '../../platform/rate-limit.ts';
import { CLOSE_SERVICE_RESTART } from '../../platform/shutdown.ts';
import { findSessionUser, sessionUserOf } from '../../core/session.ts';
import { memberRateLimit } from '../../core/guards.ts';
import { prepareForViewer, type WirePayload } from './messages.service.ts';
import { findApprovedPastor, requirePastor, type Pastor } from '../../core/pastor-access.ts';

/** A socket that has not answered a ping for this long is closed. */
const PING_INTERVAL_MS = 25_000;
/** How often an open socket checks again that its session and approval still stand. */
const RECHECK_INTERVAL_MS = 60_000;
/** Close code when they no longer do (the client stops reconnecting into a refusal). */
export const CLOSE_NOT_ALLOWED = 4403;
/** Close code (RFC 6455 "try again later") for a socket over a cap. */
const CLOSE_TRY_AGAIN_LATER = 1013;

const pastorsOf = new WeakMap<FastifyRequest, Pastor>();

/** What one member and one client address may hold and open (decision 028). */
export interface PastorSocketLimits {
  /** Open sockets of one member on one instance (tabs and phones of one pastor). */
  perMember: number;
  /** Open sockets from one client address on one instance (pastors on one Wi-Fi). */
  perAddress: number;
  /** Handshakes per member per minute (ten times this per anonymous address). */
  handshakesPerMinute: number;
}

export const SOCKET_LIMITS: PastorSocketLimits = {
  perMember: 10,
  perAddress: 200,
  handshakesPerMinute: 30,
};

/** How long closing sockets may take on shutdown before they are cut. */
const DRAIN_CLOSE_MS = 2_000;

/** At most one over-size-frame warning per this long per instance; the rest are counted. */
const OVERSIZE_LOG_INTERVAL_MS = 60_000;

/**
 * The socket plugin's error handler: a frame over the size limit (ws closes with 1009) or a
 * client that went away is the client's doing, logged as a warning at most once a minute with
 * how many came since; anything else is an error, as before. The socket is ended either way.
 */
export function socketErrorHandler(log: FastifyBaseLogger) {
  let lastWarnAt = 0;
  let suppressed = 0;
  return (error: Error & { code?: string }, socket: WebSocket) => {
    const clientMistake =
      error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ||
      error instanceof RangeError ||
      error.code === 'ECONNRESET';
    if (!clientMistake) {
      log.error({ err: error }, 'pastor socket error');
    } else if (Date.now() - lastWarnAt >= OVERSIZE_LOG_INTERVAL_MS) {
      log.warn(
        { code: error.code, message: error.message, alsoSince: suppressed },
        'pastor socket: client sent an over-size or malformed frame',
      );
      lastWarnAt = Date.now();
      suppressed = 0;
    } else {
      suppressed += 1;
    }
    socket.terminate();
  };
}

/**
 * The pastors' WebSocket (issue 9 #5): authenticated by the session cookie, the Origin
 * checked (a page on another site cannot open it with the member's cookie), approved
 * pastors only. It pushes new, edited and deleted messages of the pastor's conversations.
 */
export function servePastorSocket(
  app: FastifyInstance,
  ctx: AppContext,
  options: {
    trustedOrigins: string[];
    recheckMs?: number | undefined;
    limits?: Partial<PastorSocketLimits> | undefined;
  },
) {
  const recheckMs = options.recheckMs ?? RECHECK_INTERVAL_MS;
  const limits = { ...SOCKET_LIMITS, ...options.limits };
  const trusted = new Set(options.trustedOrigins);
  // Open sockets on this instance, per member and per client address.
  const byMember = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
  };
  // Every open socket, closed with 1012 when the instance drains (platform/shutdown.ts): the
  // client reconnects (to another instance) and resyncs what it missed.
  const open = new Set<WebSocket>();
  app.drain.onFinish(async () => {
    const closed = [...open].map(
      (socket) =>
        new Promise<void>((resolve) => {
          const cut = setTimeout(() => socket.terminate(), DRAIN_CLOSE_MS);
          socket.once('close', () => {
            clearTimeout(cut);
            resolve();
          });
          socket.close(CLOSE_SERVICE_RESTART, 'server restarting');
        }),
    );
    await Promise.all(closed);
  });
  const tooMany = () =>
    new AppError(
      429,
      'TOO_MANY_SOCKETS',
      'Too many open connections. Close other Flock tabs and try again.',
    );
  app.route({
    method: 'GET',
    url: PASTOR_SOCKET_PATH,
    config: {
      rateLimit: memberRateLimit(ctx, {
        member: limits.handshakesPerMinute,
        address: limits.handshakesPerMinute * ADDRESS_SHARE,
        timeWindow: '1 minute',
        // Before the caps and the approval read: a refused handshake costs no query.
        hook: 'onRequest',
      }),
    },
    preValidation: async (request) => {
      if (app.drain.draining) {
        throw new AppError(503, 'SHUTTING_DOWN', 'This server is restarting. Try again.');
      }
      if ((byAddress.get(request.ip) ?? 0) >= limits.perAddress) throw tooMany();
      const origin = request.headers.origin;
      if (typeof origin !== 'string' || !trusted.has(origin)) {
        throw new AppError(
          403,
          'FORBIDDEN_ORIGIN',
          'This request did not come from the app. Open the app and try again.',
        );
      }
      // The member's cap before their approval is read (the session lookup is cached).
      const user = await sessionUserOf(ctx, request);
      if (user && (byMember.get(user.id) ?? 0) >= limits.perMember) throw tooMany();
      const pastor = await requirePastor(ctx, user);
      pastorsOf.set(request, pastor);
    },
    // A plain GET (no upgrade) gets the app's error shape rather than an empty 404.
    handler: async () => {
      throw new AppError(426, 'UPGRADE_REQUIRED', 'Open this address as a WebSocket.');
    },
    wsHandler: (socket, request) => {
      const pastor = pastorsOf.get(request)!;
      // Counted once open (handshakes racing past the check are closed here).
      if (
        (byMember.get(pastor.id) ?? 0) >= limits.perMember ||
        (byAddress.get(request.ip) ?? 0) >= limits.perAddress
      ) {
        socket.close(CLOSE_TRY_AGAIN_LATER, 'too many sockets');
        return;
      }
      if (app.drain.draining) {
        socket.close(CLOSE_SERVICE_RESTART, 'server restarting');
        return;
      }
      add(byMember, pastor.id, 1);
      add(byAddress, request.ip, 1);
      open.add(socket);
      // Signed out, session expired or approval withdrawn: the socket closes. An approval
      // decided on any instance is announced (ACCESS_CHANGED) and checked at once; anything
      // else within a recheck interval (HTTP calls are refused at once).
      const headers = authHeaders(request);
      const checkStillAllowed = () =>
        (async () => {
          const user = await findSessionUser(ctx, headers);
          const still = user?.id === pastor.id && (await findApprovedPastor(ctx, pastor.id));
          if (!still) socket.close(CLOSE_NOT_ALLOWED, 'not allowed');
        })().catch((error: unknown) =>
          ctx.log.warn({ err: error }, 'pastor socket recheck failed'),
        );
      // Deliveries for one socket go out in the order they came in.
      let queue = Promise.resolve();
      const unsubscribe = ctx.realtime.subscribe(pastor.id, (payload) => {
        if ((payload as { type?: unknown }).type === ACCESS_CHANGED.type) {
          void checkStillAllowed();
          return;
        }
        queue = queue.then(async () => {
          try {
            const event = await prepareForViewer(ctx, pastor.id, payload as WirePayload);
            if (event && socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
          } catch (error) {
            ctx.log.warn({ err: error }, 'pastor socket delivery failed');
          }
        });
      });
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const ping = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_INTERVAL_MS);
      ping.unref();
      const recheck = setInterval(() => void checkStillAllowed(), recheckMs);
      recheck.unref();
      socket.on('close', () => {
        open.delete(socket);
        add(byMember, pastor.id, -1);
        add(byAddress, request.ip, -1);
        clearInterval(ping);
        clearInterval(recheck);
        unsubscribe();
      });
      socket.send(JSON.stringify({ type: 'ready' }));
    },
  });
}
