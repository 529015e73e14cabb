import { randomBytes } from 'node:crypto';
import { checkHexSignature, paystackSignature } from './paystack.ts';
import { sameSecret } from './moolre.ts';
import type { CardProvider, CardSubscriptions, MomoProvider, ProviderStatus } from './types.ts';

// Test mode, the default without provider keys: no real money moves. Card payments go to
// our own checkout page (approve / decline) and mobile money is approved by itself after a
// few seconds. Both end in the same webhook and callback code as the real providers,
// signed with a secret only this process knows.
//
// Test numbers: a mobile-money number ending in 000 asks for an OTP (the code is 123456);
// one ending in 999 is declined.

export const SANDBOX_OTP = '123456';

interface SandboxPayment {
  amount: number;
  status: ProviderStatus;
}

export interface Sandbox {
  card: CardProvider;
  momo: MomoProvider;
  /** The checkout page's approve/decline: returns a signed `charge.success` webhook, or null. */
  completeCard(reference: string, approve: boolean): { rawBody: Buffer; signature: string } | null;
  cardPayment(reference: string): SandboxPayment | undefined;
  /** Where the sandbox sends its mobile-money callback (the real callback handler). */
  onMomoCallback(handler: (payload: unknown) => Promise<void>): void;
  close(): void;
}

export function createSandbox(options: { momoDelayMs: number }): Sandbox {
  const secret = randomBytes(32).toString('hex');
  const cards = new Map<string, SandboxPayment>();
  const momos = new Map<string, SandboxPayment>();
  const timers = new Set<NodeJS.Timeout>();
  let momoCallback: ((payload: unknown) => Promise<void>) | undefined;

  const card: CardProvider = {
    name: 'sandbox',
    async initialize({ reference, amount, callbackUrl }) {
      cards.set(reference, { amount, status: 'pending' });
      // On the address the member will come back to, as a real checkout sends them there.
      return {
        authorizationUrl: `${new URL(callbackUrl).origin}/sandbox/checkout/${encodeURIComponent(reference)}`,
        raw: { sandbox: true },
      };
    },
    async verify(reference) {
      const payment = cards.get(reference);
      return {
        status: payment?.status ?? 'pending',
        amount: payment?.amount ?? null,
        currency: payment ? 'GHS' : null,
        raw: { sandbox: true, found: Boolean(payment) },
      };
    },
    checkSignature(rawBody, signature) {
      return checkHexSignature(paystackSignature(secret, rawBody), signature);
    },
    subscriptions: sandboxSubscriptions(),
  };

  const momo: MomoProvider = {
    name: 'sandbox',
    async requestPayment({ externalref, payer, amount, otp }) {
      if (momos.has(externalref) && !otp) {
        return { outcome: 'duplicate', message: 'Duplicate transaction', raw: { sandbox: true } };
      }
      if (payer.endsWith('000') && otp !== SANDBOX_OTP) {
        return otp
          ? { outcome: 'rejected', message: 'Invalid OTP', raw: { sandbox: true } }
          : { outcome: 'otp_required', message: 'OTP required', raw: { sandbox: true } };
      }
      const payment: SandboxPayment = { amount, status: 'pending' };
      momos.set(externalref, payment);
      const timer = setTimeout(() => {
        timers.delete(timer);
        payment.status = payer.endsWith('999') ? 'failed' : 'success';
        void momoCallback?.({
          status: 1,
          data: {
            txstatus: payment.status === 'success' ? 1 : 2,
            externalref,
            amount: amount / 100,
          },
          secret,
        });
      }, options.momoDelayMs);
      timer.unref();
      timers.add(timer);
      return { outcome: 'prompt_sent', message: 'Prompt sent (test mode)', raw: { sandbox: true } };
    },
    async checkStatus(externalref) {
      const payment = momos.get(externalref);
      return {
        status: payment?.status ?? 'pending',
        amount: payment?.amount ?? null,
        currency: 'GHS',
        raw: { sandbox: true, found: Boolean(payment) },
      };
    },
    checkCallbackSecret(given) {
      return sameSecret(secret, given);
    },
  };

  return {
    card,
    momo,
    cardPayment: (reference) => cards.get(reference),
    completeCard(reference, approve) {
      const payment = cards.get(reference);
      if (!payment || payment.status !== 'pending') return null;
      payment.status = approve ? 'success' : 'failed';
      if (!approve) return null;
      const rawBody = Buffer.from(
        JSON.stringify({
          event: 'charge.success',
          data: {
            reference,
            amount: payment.amount,
            currency: 'GHS',
            status: 'success',
            // What a recurring card gift's subscription is made from (Paystack sends these too).
            customer: { customer_code: `CUS_sandbox_${reference.slice(-10)}` },
            authorization: {
              authorization_code: `AUTH_sandbox_${reference.slice(-10)}`,
              reusable: true,
            },
          },
        }),
      );
      return { rawBody, signature: paystackSignature(secret, rawBody) };
    },
    onMomoCallback(handler) {
      momoCallback = handler;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * Plans and subscriptions kept in memory: a recurring card gift can be set up, paused,
 * resumed, changed and stopped in test mode; its renewals are not simulated (the fake
 * Paystack server of the tests sends them).
 */
function sandboxSubscriptions(): CardSubscriptions {
  const plans = new Map<string, { amount: number }>();
  const subscriptions = new Map<string, { status: string; next: string }>();
  const code = (prefix: string) => `${prefix}_sandbox_${randomBytes(6).toString('hex')}`;
  const known = (subscriptionCode: string) => {
    const subscription = subscriptions.get(subscriptionCode);
    if (!subscription) throw new Error(`no sandbox subscription ${subscriptionCode}`);
    return subscription;
  };
  return {
    async createPlan({ amount }) {
      const planCode = code('PLN');
      plans.set(planCode, { amount });
      return { planCode, raw: { sandbox: true } };
    },
    async updatePlanAmount(planCode, amount) {
      plans.set(planCode, { amount });
    },
    async subscribe({ startDate }) {
      const subscriptionCode = code('SUB');
      const next = startDate.toISOString().slice(0, 10);
      subscriptions.set(subscriptionCode, { status: 'active', next });
      return {
        subscriptionCode,
        emailToken: code('tok'),
        nextPaymentDate: next,
        raw: { sandbox: true },
      };
    },
    async setEnabled(subscriptionCode, _token, enabled) {
      known(subscriptionCode).status = enabled ? 'active' : 'cancelled';
    },
    async fetch(subscriptionCode) {
      const subscription = known(subscriptionCode);
      return {
        status: subscription.status,
        nextPaymentDate: subscription.next,
        raw: { sandbox: true },
      };
    },
    async manageLink() {
      // Test mode has no card to change: back to the member's recurring gifts.
      return '/giving/recurring';
    },
  };
}
