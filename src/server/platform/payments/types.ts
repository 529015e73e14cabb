import type { MomoProvider as Network } from '../../../shared/constants.ts';

// One interface per kind of payment; drivers are chosen by configuration (Paystack or the
// sandbox for cards, Moolre or the sandbox for mobile money).

export type ProviderStatus = 'success' | 'pending' | 'failed';

/** What a provider says about a payment. Nothing is paid until this says so. */
export interface Verification {
  status: ProviderStatus;
  /** pesewas, when the provider reports it */
  amount: number | null;
  currency: string | null;
  raw: unknown;
}

/** The provider could not be reached or answered nonsense; `raw` is kept with the gift. */
export class ProviderError extends Error {
  readonly raw: unknown;
  constructor(message: string, raw?: unknown) {
    super(message);
    this.raw = raw;
  }
}

export interface CardProvider {
  name: 'paystack' | 'sandbox';
  initialize(input: {
    reference: string;
    amount: number;
    email: string;
    metadata: Record<string, string>;
    callbackUrl: string;
  }): Promise<{ authorizationUrl: string | null; raw: unknown }>;
  verify(reference: string): Promise<Verification>;
  /** Checks a webhook's signature over its raw body. */
  checkSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** Recurring card gifts: the provider's own plans and subscriptions (issue 33). */
  subscriptions: CardSubscriptions;
}

/** A subscription as the provider reports it now (its webhooks are hints; this is the truth). */
export interface SubscriptionState {
  /** Paystack: active | non-renewing | attention | completed | cancelled */
  status: string;
  /** "2026-12-05" or null */
  nextPaymentDate: string | null;
  raw: unknown;
}

export interface CardSubscriptions {
  createPlan(input: {
    name: string;
    interval: 'weekly' | 'monthly';
    amount: number;
  }): Promise<{ planCode: string; raw: unknown }>;
  /** A new amount for the plan and the subscription on it, from its next charge. */
  updatePlanAmount(planCode: string, amount: number): Promise<void>;
  /** Charges the card the member paid with (its authorization) on the plan from `startDate`. */
  subscribe(input: {
    customer: string;
    plan: string;
    authorization: string;
    startDate: Date;
  }): Promise<{
    subscriptionCode: string;
    emailToken: string | null;
    nextPaymentDate: string | null;
    raw: unknown;
  }>;
  setEnabled(code: string, token: string, enabled: boolean): Promise<void>;
  fetch(code: string): Promise<SubscriptionState>;
  /** Where the member updates the card of a subscription (the provider's own page). */
  manageLink(code: string): Promise<string>;
}

export type MomoOutcome = 'prompt_sent' | 'otp_required' | 'duplicate' | 'rejected';

export interface MomoProvider {
  name: 'moolre' | 'sandbox';
  requestPayment(input: {
    externalref: string;
    /** E.164, e.g. +233241234567 */
    payer: string;
    amount: number;
    network: Network;
    reference: string;
    otp?: string;
  }): Promise<{ outcome: MomoOutcome; message: string; raw: unknown }>;
  checkStatus(externalref: string): Promise<Verification>;
  checkCallbackSecret(secret: unknown): boolean;
}

/** JSON over HTTP with a timeout; a provider's (or SMS gateway's) outage becomes a ProviderError, never a hang. */
export async function callJson(
  url: string,
  init: {
    method: 'GET' | 'POST' | 'PUT';
    headers: Record<string, string>;
    body?: unknown;
    timeoutMs: number;
    /** Who is called, for the error (SMS gateways use this too). */
    label?: string;
  },
): Promise<{ status: number; body: unknown }> {
  const label = init.label ?? 'Payment provider';
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${init.timeoutMs} ms`
        : (error as Error).message;
    throw new ProviderError(`${label} unreachable: ${reason}`, { error: reason });
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    throw new ProviderError(`${label} answered ${response.status} with non-JSON`, {
      status: response.status,
      body: text.slice(0, 500),
    });
  }
}

/** "+233241234567" → "0241234567" (the local form mobile-money APIs take). */
export function localGhanaNumber(e164: string): string {
  return e164.startsWith('+233') ? `0${e164.slice(4)}` : e164.replace(/^\+/, '');
}

/** "10.00" | 10 | "10" → pesewas, or null */
export function pesewasFromCedis(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 100);
  if (typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value.trim())) {
    const [whole, fraction = ''] = value.trim().split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }
  return null;
}
