import type { Feature } from '../../core/feature.ts';
import type { PastorMessageLimits } from './message-limits.ts';
import { pastorRoutes } from './pastor.routes.ts';
import type { PastorSocketLimits } from './pastor.socket.ts';

declare module '../../core/feature.ts' {
  interface FeatureOptions {
    /** How often an open pastor socket checks its session and approval again (default 60 s). */
    pastorSocketRecheckMs?: number;
    /** Caps and handshake limit of the pastor socket (defaults in pastor.socket.ts). */
    pastorSocketLimits?: Partial<PastorSocketLimits>;
    /** How fast one pastor may write messages (defaults in pastor/message-limits.ts). */
    pastorMessageLimits?: Partial<PastorMessageLimits>;
  }
}

// The pastor portal (spec §2 /pastor/*): messages between pastors, live over a socket.
export const pastorFeature = {
  name: 'pastor',
  routes: (app, { ctx, options }) =>
    pastorRoutes(app, {
      ctx,
      socketRecheckMs: options.pastorSocketRecheckMs,
      socketLimits: options.pastorSocketLimits,
      messageLimits: options.pastorMessageLimits,
    }),
  matrix: () => import('./pastor.matrix.ts'),
} satisfies Feature;
