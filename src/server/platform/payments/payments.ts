import type { Config } from '../../config.ts';
import { createMoolre } from './moolre.ts';
import { createPaystack } from './paystack.ts';
import { createSandbox, type Sandbox } from './sandbox.ts';
import type { CardProvider, MomoProvider } from './types.ts';

export interface Payments {
  card: CardProvider;
  momo: MomoProvider;
  /** Present when either kind runs in test mode. */
  sandbox: Sandbox | undefined;
}

/** Real providers where keys are configured, the sandbox elsewhere. */
export function createPayments(config: Config): Payments {
  const { paystack, moolre, providerTimeoutMs, sandboxMomoDelayMs } = config.giving;
  const sandbox =
    paystack && moolre ? undefined : createSandbox({ momoDelayMs: sandboxMomoDelayMs });
  return {
    card: paystack ? createPaystack(paystack, providerTimeoutMs) : sandbox!.card,
    momo: moolre ? createMoolre(moolre, providerTimeoutMs) : sandbox!.momo,
    sandbox,
  };
}
