import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PASTOR_SOCKET_PATH } from '../../../shared/pastor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { authHeaders } from '../../platform/auth.ts';
import { findSessionUser, sessionUserOf } from '../accounts/accounts.service.ts';
import { prepareForViewer, type WirePayload } from './messages.service.ts';
import { findApprovedPastor, requirePastor, type Pastor } from './pastor-access.ts';

/** A socket that has not answered a ping for this long is closed. */
const PING_INTERVAL_MS = 25_000;
/** How often an open socket checks again that its session and approval still stand. */
const RECHECK_INTERVAL_MS = 60_000;
/** Close code when they no longer do (the client stops reconnecting into a refusal). */
export const CLOSE_NOT_ALLOWED = 4403;

const pastorsOf = new WeakMap<FastifyRequest, Pastor>();

/**
 * The pastors' WebSocket (issue 9 #5): authenticated by the session cookie, the Origin
 * checked (a page on another site cannot open it with the member's cookie), approved
 * pastors only. It pushes new, edited and deleted messages of the pastor's conversations.
 */
export function servePastorSocket(
  app: FastifyInstance,
  ctx: AppContext,
  options: { trustedOrigins: string[]; recheckMs?: number | undefined },
) {
  const recheckMs = options.recheckMs ?? RECHECK_INTERVAL_MS;
  const trusted = new Set(options.trustedOrigins);
  app.route({
    method: 'GET',
    url: PASTOR_SOCKET_PATH,
    preValidation: async (request) => {
      const origin = request.headers.origin;
      if (typeof origin !== 'string' || !trusted.has(origin)) {
        throw new AppError(
          403,
          'FORBIDDEN_ORIGIN',
          'This request did not come from the app. Open the app and try again.',
        );
      }
      pastorsOf.set(request, await requirePastor(ctx, await sessionUserOf(ctx, request)));
    },
    // A plain GET (no upgrade) gets the app's error shape rather than an empty 404.
    handler: async () => {
      throw new AppError(426, 'UPGRADE_REQUIRED', 'Open this address as a WebSocket.');
    },
    wsHandler: (socket, request) => {
      const pastor = pastorsOf.get(request)!;
      // Deliveries for one socket go out in the order they came in.
      let queue = Promise.resolve();
      const unsubscribe = ctx.realtime.subscribe(pastor.id, (payload) => {
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
      // Signed out, session expired or approval withdrawn: the socket closes within a minute
      // (HTTP calls are refused at once).
      const headers = authHeaders(request);
      const recheck = setInterval(() => {
        void (async () => {
          const user = await findSessionUser(ctx, headers);
          const still = user?.id === pastor.id && (await findApprovedPastor(ctx, pastor.id));
          if (!still) socket.close(CLOSE_NOT_ALLOWED, 'not allowed');
        })().catch((error: unknown) =>
          ctx.log.warn({ err: error }, 'pastor socket recheck failed'),
        );
      }, recheckMs);
      recheck.unref();
      socket.on('close', () => {
        clearInterval(ping);
        clearInterval(recheck);
        unsubscribe();
      });
      socket.send(JSON.stringify({ type: 'ready' }));
    },
  });
}
