import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { trustedOrigins } from '../platform/auth.ts';
import { requestOrigin } from './edge.ts';

/**
 * Where a card payment sends the member back: the address they came from, when it is one the
 * app is served from (the edge has checked the origin of every write). In development the
 * server answers under several names, and the session cookie belongs to one of them
 * (decision 029).
 */
export function returnOrigins(ctx: Pick<AppContext, 'config'>) {
  const served = new Set(trustedOrigins(ctx.config));
  return (request: FastifyRequest) => {
    const origin = requestOrigin(request);
    return origin && served.has(origin) ? origin : ctx.config.publicUrl;
  };
}
