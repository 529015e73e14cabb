import { afterAll, beforeAll } from 'vitest';
import { startJsonServer, type Recorded } from './fake-http.ts';

// Speaks the three SMS gateways' documented contracts (platform/sms/gateways.ts) on one
// loopback server, checking each one's credentials, and keeps what each delivered.

export const FAKE_SMS = {
  hubtelClientId: 'hubtel-client',
  hubtelClientSecret: 'hubtel-secret',
  apiKey: 'sms-api-key',
};

export interface DeliveredSms {
  gateway: 'hubtel' | 'arkesel' | 'mnotify';
  sender: string;
  /** As the gateway received it (each has its own number format). */
  to: string;
  text: string;
}

export async function startFakeSmsGateways() {
  const delivered: DeliveredSms[] = [];
  let mode: 'ok' | 'error' = 'ok';
  let delayMs = 0;
  const hubtelAuth = `Basic ${Buffer.from(`${FAKE_SMS.hubtelClientId}:${FAKE_SMS.hubtelClientSecret}`).toString('base64')}`;
  const server = await startJsonServer((req) => {
    const answer = gatewayAnswer(req);
    return delayMs > 0 ? { ...answer, delayMs } : answer;
  });
  function gatewayAnswer(req: Recorded): { status: number; body: unknown } {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (mode === 'error') return { status: 503, body: { message: 'Service unavailable' } };
    if (req.method === 'POST' && req.path === '/v1/messages/send') {
      if (req.headers.authorization !== hubtelAuth) {
        return { status: 401, body: { message: 'Unauthorized' } };
      }
      delivered.push({
        gateway: 'hubtel',
        sender: String(body.From),
        to: String(body.To),
        text: String(body.Content),
      });
      return {
        status: 201,
        body: { messageId: crypto.randomUUID(), rate: 0.03, networkId: '62001', status: 0 },
      };
    }
    if (req.method === 'POST' && req.path === '/api/v2/sms/send') {
      if (req.headers['api-key'] !== FAKE_SMS.apiKey) {
        return { status: 401, body: { status: 'error', message: 'Invalid API key' } };
      }
      const recipients = body.recipients as string[];
      for (const to of recipients) {
        delivered.push({
          gateway: 'arkesel',
          sender: String(body.sender),
          to,
          text: String(body.message),
        });
      }
      return {
        status: 200,
        body: {
          status: 'success',
          data: recipients.map((recipient) => ({ recipient, id: crypto.randomUUID() })),
        },
      };
    }
    if (req.method === 'POST' && req.path.startsWith('/api/sms/quick?')) {
      const key = new URL(req.path, 'http://fake').searchParams.get('key');
      if (key !== FAKE_SMS.apiKey) {
        return { status: 200, body: { status: 'error', code: '1004', message: 'Invalid API key' } };
      }
      for (const to of body.recipient as string[]) {
        delivered.push({
          gateway: 'mnotify',
          sender: String(body.sender),
          to,
          text: String(body.message),
        });
      }
      return {
        status: 200,
        body: { status: 'success', code: '2000', message: 'messages sent successfully' },
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  }
  return {
    ...server,
    delivered,
    setMode(next: 'ok' | 'error') {
      mode = next;
    },
    /** Every answer from now on comes `ms` later (a slow gateway). */
    setDelay(ms: number) {
      delayMs = ms;
    },
  };
}

export type FakeSmsGateways = Awaited<ReturnType<typeof startFakeSmsGateways>>;

/**
 * The fake gateways of a file or a describe block, started before its tests and closed after,
 * with the app settings that send SMS to them by Arkesel's contract (`env`, for useTestApp
 * next) and the texts one number was sent. Filled in by `beforeAll`, like useTestApp's.
 */
export function useSmsGateway() {
  const gateway = {} as FakeSmsGateways & { env: Record<string, string> };
  beforeAll(async () => {
    const started = await startFakeSmsGateways();
    Object.assign(gateway, started, {
      env: { SMS_PROVIDER: 'arkesel', SMS_API_KEY: FAKE_SMS.apiKey, SMS_BASE_URL: started.url },
    });
  });
  afterAll(async () => {
    await gateway.close?.();
  });
  /** The texts delivered to this number (Arkesel takes it without the plus). */
  const textsTo = (phone: string) =>
    gateway.delivered.filter((sms) => sms.to.replace(/^\+/, '') === phone.slice(1));
  /** The code in the latest text to this number. */
  const lastCode = (phone: string) =>
    /^(\d{6}) is your /.exec(textsTo(phone).at(-1)?.text ?? '')?.[1];
  return Object.assign(gateway, { textsTo, lastCode });
}
