import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { deleteExpiredRateLimits } from '../../platform/rate-limit.ts';
import { deliverPendingReceipts } from '../finance/index.ts';
import { handleMoolreCallback, reconcilePendingGifts } from './gift-status.ts';

/**
 * The sandbox's mobile-money approvals go through the real callback handler, and a
 * reconciler re-checks pending gifts every RECONCILE_INTERVAL_SECONDS (0 = off). Several
 * instances may run it: crediting locks the row and is idempotent.
 */
export function startGivingBackground(app: FastifyInstance, ctx: AppContext) {
  ctx.payments.sandbox?.onMomoCallback(async (payload) => {
    try {
      await handleMoolreCallback(ctx, payload);
    } catch (error) {
      ctx.log.error({ err: error }, 'sandbox mobile-money callback failed');
    }
  });

  let timer: NodeJS.Timeout | undefined;
  const interval = ctx.config.giving.reconcileIntervalMs;
  if (interval > 0) {
    let running = false;
    timer = setInterval(() => {
      if (running) return;
      running = true;
      // Receipts whose mail failed when their gift was confirmed are sent again here.
      Promise.all([
        reconcilePendingGifts(ctx),
        deleteExpiredRateLimits(ctx.db),
        deliverPendingReceipts(ctx),
      ])
        .then(([summary]) => {
          if (summary.checked > 0)
            ctx.log.info({ reconciler: summary }, 'pending gifts re-checked');
        })
        .catch((error: unknown) => ctx.log.error({ err: error }, 'reconciler run failed'))
        .finally(() => {
          running = false;
        });
    }, interval);
    timer.unref();
  }

  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    ctx.payments.sandbox?.close();
  });
}
