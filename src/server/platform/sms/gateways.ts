import type { SmsSettings } from '../../config.ts';
import { callJson, localGhanaNumber, ProviderError } from '../payments/types.ts';
import type { Sms, SmsSender } from './types.ts';

// The three SMS gateways Ghanaian churches use, each through its documented HTTP contract:
// - Hubtel: POST /v1/messages/send, Basic auth (client id, secret), {From, To, Content};
//   answers {messageId, status: 0, ...}.
// - Arkesel (v2): POST /api/v2/sms/send, header `api-key`, {sender, message, recipients[]};
//   answers {status: 'success', data: [...]}.
// - mNotify: POST /api/sms/quick?key=…, {recipient[], sender, message, is_schedule,
//   schedule_date}; answers {status: 'success', code: '2000', ...}.

export const SMS_GATEWAY_URLS = {
  hubtel: 'https://sms.hubtel.com',
  arkesel: 'https://sms.arkesel.com',
  mnotify: 'https://api.mnotify.com',
} as const;

/** "+233241234567" → "233241234567": the international form without '+' gateways take. */
const international = (e164: string) => e164.replace(/^\+/, '');

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

function refuse(gateway: string, status: number, body: unknown): never {
  throw new ProviderError(`${gateway} refused the SMS (${status})`, body);
}

export function createGatewaySender(settings: SmsSettings, timeoutMs: number): SmsSender {
  const base = settings.baseUrl ?? SMS_GATEWAY_URLS[settings.provider];
  const label = 'SMS gateway';
  switch (settings.provider) {
    case 'hubtel': {
      const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
      return {
        kind: 'hubtel',
        async send({ to, text }: Sms) {
          const { status, body } = await callJson(`${base}/v1/messages/send`, {
            method: 'POST',
            headers: { authorization: `Basic ${basic}` },
            body: { From: settings.senderId, To: international(to), Content: text },
            timeoutMs,
            label,
          });
          const code = field(body, 'status') ?? field(body, 'Status');
          if (status >= 300 || (code !== undefined && Number(code) !== 0)) {
            refuse('Hubtel', status, body);
          }
        },
      };
    }
    case 'arkesel':
      return {
        kind: 'arkesel',
        async send({ to, text }: Sms) {
          const { status, body } = await callJson(`${base}/api/v2/sms/send`, {
            method: 'POST',
            headers: { 'api-key': settings.apiKey },
            body: { sender: settings.senderId, message: text, recipients: [international(to)] },
            timeoutMs,
            label,
          });
          if (status >= 300 || field(body, 'status') !== 'success') refuse('Arkesel', status, body);
        },
      };
    case 'mnotify':
      return {
        kind: 'mnotify',
        async send({ to, text }: Sms) {
          const url = `${base}/api/sms/quick?key=${encodeURIComponent(settings.apiKey)}`;
          const { status, body } = await callJson(url, {
            method: 'POST',
            headers: {},
            body: {
              recipient: [localGhanaNumber(to)],
              sender: settings.senderId,
              message: text,
              is_schedule: false,
              schedule_date: '',
            },
            timeoutMs,
            label,
          });
          if (status >= 300 || field(body, 'status') !== 'success') refuse('mNotify', status, body);
        },
      };
  }
}
