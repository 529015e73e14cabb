import { paystackSignature } from '../platform/payments/paystack.ts';
import { startJsonServer } from './fake-http.ts';

// Speaks Paystack's documented contract: Initialize and Verify Transaction with a Bearer
// secret key, and signed webhooks (HMAC-SHA512 of the raw body).

export const FAKE_PAYSTACK_SECRET = 'sk_test_fake_paystack_secret';

interface Tx {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  metadata: unknown;
  status: string;
}

export async function startFakePaystack() {
  const transactions = new Map<string, Tx>();
  let mode: 'ok' | 'no-url' | 'error' | 'hang' = 'ok';
  const server = await startJsonServer((req) => {
    if (req.headers.authorization !== `Bearer ${FAKE_PAYSTACK_SECRET}`) {
      return { status: 401, body: { status: false, message: 'Invalid key' } };
    }
    if (req.method === 'POST' && req.path === '/transaction/initialize') {
      if (mode === 'hang') return 'hang';
      if (mode === 'error')
        return { status: 500, body: { status: false, message: 'Server error' } };
      const body = req.body as {
        reference: string;
        amount: number;
        currency: string;
        email: string;
        metadata: unknown;
      };
      if (transactions.has(body.reference)) {
        return { status: 400, body: { status: false, message: 'Duplicate Transaction Reference' } };
      }
      if (!Number.isInteger(body.amount) || body.currency !== 'GHS') {
        return { status: 400, body: { status: false, message: 'Invalid amount or currency' } };
      }
      transactions.set(body.reference, { ...body, status: 'abandoned' });
      if (mode === 'no-url')
        return {
          status: 200,
          body: { status: true, message: 'ok', data: { reference: body.reference } },
        };
      return {
        status: 200,
        body: {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.test/${body.reference.toLowerCase()}`,
            access_code: 'acc_' + body.reference.slice(-6),
            reference: body.reference,
          },
        },
      };
    }
    const verify = req.path.match(/^\/transaction\/verify\/(.+)$/);
    if (req.method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]!));
      if (!tx)
        return { status: 404, body: { status: false, message: 'Transaction reference not found' } };
      return {
        status: 200,
        body: { status: true, message: 'Verification successful', data: { ...tx } },
      };
    }
    return { status: 404, body: { status: false, message: 'Not found' } };
  });

  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    transactions,
    setMode(next: typeof mode) {
      mode = next;
    },
    /** The customer paid (or not), as Verify will report it. */
    settle(reference: string, status: 'success' | 'failed', overrides: Partial<Tx> = {}) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`unknown reference ${reference}`);
      Object.assign(tx, { status }, overrides);
    },
    /** A `charge.success` webhook as Paystack sends it, signed with the secret key. */
    webhook(
      reference: string,
      overrides: Record<string, unknown> = {},
      secret = FAKE_PAYSTACK_SECRET,
    ) {
      const tx = transactions.get(reference);
      const rawBody = JSON.stringify({
        event: 'charge.success',
        data: {
          id: 1,
          reference,
          amount: tx?.amount,
          currency: 'GHS',
          status: 'success',
          ...overrides,
        },
      });
      return { rawBody, signature: paystackSignature(secret, rawBody) };
    },
  };
}
