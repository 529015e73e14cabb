import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaystackSettings } from '../../config.ts';
import { callJson, ProviderError, type CardProvider, type ProviderStatus } from './types.ts';

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
  };
}
