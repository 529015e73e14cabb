import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaystackSettings } from '../../config.ts';
import {
  callJson,
  ProviderError,
  type CardProvider,
  type CardSubscriptions,
  type ProviderStatus,
} from './types.ts';

// Paystack: Initialize Transaction, Verify Transaction, and webhooks signed with
// HMAC-SHA512 of the raw body keyed with the secret key (x-paystack-signature).

export function paystackSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

export function checkHexSignature(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function paystackStatus(status: unknown): ProviderStatus {
  if (status === 'success') return 'success';
  if (status === 'failed' || status === 'reversed') return 'failed';
  // abandoned, ongoing, pending, processing, queued: the customer may still finish.
  return 'pending';
}

export function createPaystack(settings: PaystackSettings, timeoutMs: number): CardProvider {
  const headers = { authorization: `Bearer ${settings.secretKey}` };
  return {
    name: 'paystack',
    async initialize({ reference, amount, email, metadata, callbackUrl }) {
      const { status, body } = await callJson(`${settings.baseUrl}/transaction/initialize`, {
        method: 'POST',
        headers,
        body: { email, amount, currency: 'GHS', reference, callback_url: callbackUrl, metadata },
        timeoutMs,
      });
      const data = (body as { status?: boolean; data?: { authorization_url?: unknown } } | null)
        ?.data;
      if (status >= 500) throw new ProviderError(`Paystack answered ${status}`, body);
      const url = data?.authorization_url;
      const usable = status < 300 && typeof url === 'string' && /^https?:\/\//.test(url);
      return { authorizationUrl: usable ? url : null, raw: body };
    },
    async verify(reference) {
      const { status, body } = await callJson(
        `${settings.baseUrl}/transaction/verify/${encodeURIComponent(reference)}`,
        { method: 'GET', headers, timeoutMs },
      );
      if (status === 404) return { status: 'pending', amount: null, currency: null, raw: body };
      if (status >= 300) throw new ProviderError(`Paystack verify answered ${status}`, body);
      const data = (
        body as { data?: { status?: unknown; amount?: unknown; currency?: unknown } } | null
      )?.data;
      return {
        status: paystackStatus(data?.status),
        amount: typeof data?.amount === 'number' ? data.amount : null,
        currency: typeof data?.currency === 'string' ? data.currency : null,
        raw: body,
      };
    },
    checkSignature(rawBody, signature) {
      return checkHexSignature(paystackSignature(settings.secretKey, rawBody), signature);
    },
    subscriptions: paystackSubscriptions(settings, timeoutMs),
  };
}

/** "2026-12-05T08:00:00.000Z" → "2026-12-05" */
const dayOfDate = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

// Plans (POST /plan, PUT /plan/:code) and subscriptions (POST /subscription, /enable,
// /disable, GET /subscription/:code, GET /subscription/:code/manage/link).
function paystackSubscriptions(settings: PaystackSettings, timeoutMs: number): CardSubscriptions {
  const headers = { authorization: `Bearer ${settings.secretKey}` };
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const answer = await callJson(`${settings.baseUrl}${path}`, {
      method,
      headers,
      body,
      timeoutMs,
      label: 'Paystack',
    });
    const data = (answer.body as { status?: unknown; data?: unknown } | null) ?? {};
    if (answer.status >= 300 || data.status !== true)
      throw new ProviderError(`Paystack ${method} ${path} answered ${answer.status}`, answer.body);
    return { data: (data.data ?? {}) as Record<string, unknown>, raw: answer.body };
  };
  return {
    async createPlan({ name, interval, amount }) {
      const { data, raw } = await call('POST', '/plan', {
        name,
        interval,
        amount,
        currency: 'GHS',
      });
      if (typeof data.plan_code !== 'string')
        throw new ProviderError('Paystack plan without a code', raw);
      return { planCode: data.plan_code, raw };
    },
    async updatePlanAmount(planCode, amount) {
      await call('PUT', `/plan/${encodeURIComponent(planCode)}`, {
        amount,
        update_existing_subscriptions: true,
      });
    },
    async subscribe({ customer, plan, authorization, startDate }) {
      const { data, raw } = await call('POST', '/subscription', {
        customer,
        plan,
        authorization,
        start_date: startDate.toISOString(),
      });
      if (typeof data.subscription_code !== 'string')
        throw new ProviderError('Paystack subscription without a code', raw);
      return {
        subscriptionCode: data.subscription_code,
        emailToken: typeof data.email_token === 'string' ? data.email_token : null,
        nextPaymentDate: dayOfDate(data.next_payment_date),
        raw,
      };
    },
    async setEnabled(code, token, enabled) {
      await call('POST', `/subscription/${enabled ? 'enable' : 'disable'}`, { code, token });
    },
    async fetch(code) {
      const { data, raw } = await call('GET', `/subscription/${encodeURIComponent(code)}`);
      return {
        status: typeof data.status === 'string' ? data.status : 'unknown',
        nextPaymentDate: dayOfDate(data.next_payment_date),
        raw,
      };
    },
    async manageLink(code) {
      const { data, raw } = await call(
        'GET',
        `/subscription/${encodeURIComponent(code)}/manage/link`,
      );
      if (typeof data.link !== 'string' || !/^https:\/\//.test(data.link))
        throw new ProviderError('Paystack gave no card update link', raw);
      return data.link;
    },
  };
}
