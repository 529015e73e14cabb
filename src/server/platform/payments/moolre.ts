import { timingSafeEqual } from 'node:crypto';
import type { MoolreSettings } from '../../config.ts';
import type { MomoProvider as Network } from '../../../shared/constants.ts';
import { plainCedis } from '../../../shared/format.ts';
import {
  callJson,
  localGhanaNumber,
  pesewasFromCedis,
  ProviderError,
  type MomoProvider,
  type ProviderStatus,
} from './types.ts';

// Moolre mobile money: payment request (prompt on the payer's phone), status check, and a
// callback carrying a shared secret. Channels per network.

export const MOOLRE_CHANNELS: Record<Network, string> = { MTN: '13', Telecel: '6', AT: '7' };

export function moolreTxStatus(value: unknown): ProviderStatus {
  const n = Number(value);
  if (n === 1) return 'success';
  if (n === 2) return 'failed';
  return 'pending';
}

export function sameSecret(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createMoolre(settings: MoolreSettings, timeoutMs: number): MomoProvider {
  // Moolre's docs name the key header both ways; send both.
  const headers = {
    'x-api-user': settings.apiUser,
    'x-api-pubkey': settings.apiKey,
    'x-api-key': settings.apiKey,
  };
  return {
    name: 'moolre',
    async requestPayment({ externalref, payer, amount, network, reference, otp }) {
      const { status, body } = await callJson(`${settings.baseUrl}/open/transact/payment`, {
        method: 'POST',
        headers,
        body: {
          type: 1,
          channel: MOOLRE_CHANNELS[network],
          currency: 'GHS',
          payer: localGhanaNumber(payer),
          amount: plainCedis(amount),
          externalref,
          reference,
          accountnumber: settings.accountNumber,
          ...(otp ? { otpcode: otp } : {}),
        },
        timeoutMs,
      });
      if (status >= 500) throw new ProviderError(`Moolre answered ${status}`, body);
      const answer = (body ?? {}) as { code?: unknown; message?: unknown };
      const message = typeof answer.message === 'string' ? answer.message : '';
      switch (answer.code) {
        case 'TR099':
          return { outcome: 'prompt_sent', message, raw: body };
        case 'TP14':
          return { outcome: 'otp_required', message, raw: body };
        case 'TP13':
          return { outcome: 'duplicate', message, raw: body };
        default:
          return { outcome: 'rejected', message, raw: body };
      }
    },
    async checkStatus(externalref) {
      const { status, body } = await callJson(`${settings.baseUrl}/open/transact/status`, {
        method: 'POST',
        headers,
        body: { type: 1, idtype: 1, id: externalref, accountnumber: settings.accountNumber },
        timeoutMs,
      });
      if (status >= 500) throw new ProviderError(`Moolre status answered ${status}`, body);
      const data = (body as { data?: { txstatus?: unknown; amount?: unknown } } | null)?.data;
      // "Not found" until the payer approves: still pending.
      return {
        status: moolreTxStatus(data?.txstatus),
        amount: pesewasFromCedis(data?.amount),
        currency: 'GHS',
        raw: body,
      };
    },
    checkCallbackSecret(secret) {
      return sameSecret(settings.callbackSecret, secret);
    },
  };
}
