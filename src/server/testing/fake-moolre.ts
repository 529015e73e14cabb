import { startJsonServer } from './fake-http.ts';

// Speaks Moolre's documented contract: payment request (TR099 prompt sent, TP14 OTP
// required, TP13 duplicate externalref), status check (txstatus 1/0/2, "not found" before
// approval), and a callback carrying a shared secret.

export const FAKE_MOOLRE = {
  apiUser: 'flock-user',
  apiKey: 'pub_key_fake',
  accountNumber: '10000001',
  callbackSecret: 'moolre-callback-secret',
  otp: '4321',
};

interface Tx {
  externalref: string;
  amount: string;
  payer: string;
  channel: string;
  txstatus: number;
  approvedBySeen: boolean;
}

export async function startFakeMoolre() {
  const transactions = new Map<string, Tx>();
  const otpPayers = new Set<string>();
  let mode: 'ok' | 'reject' | 'error' = 'ok';
  const server = await startJsonServer((req) => {
    const keyOk =
      req.headers['x-api-pubkey'] === FAKE_MOOLRE.apiKey ||
      req.headers['x-api-key'] === FAKE_MOOLRE.apiKey;
    if (req.headers['x-api-user'] !== FAKE_MOOLRE.apiUser || !keyOk) {
      return { status: 401, body: { status: 0, code: 'AU01', message: 'Unauthorized' } };
    }
    const body = (req.body ?? {}) as Record<string, string | number | undefined>;
    if (body.accountnumber !== FAKE_MOOLRE.accountNumber) {
      return { status: 200, body: { status: 0, code: 'AC01', message: 'Unknown account' } };
    }
    if (req.method === 'POST' && req.path === '/open/transact/payment') {
      if (mode === 'error') return { status: 503, body: { status: 0, message: 'Unavailable' } };
      if (mode === 'reject')
        return { status: 200, body: { status: 0, code: 'TP01', message: 'Invalid payer' } };
      const ref = String(body.externalref);
      if (otpPayers.has(String(body.payer))) {
        if (!body.otpcode)
          return { status: 200, body: { status: 0, code: 'TP14', message: 'OTP required' } };
        if (body.otpcode !== FAKE_MOOLRE.otp)
          return { status: 200, body: { status: 0, code: 'TP15', message: 'Invalid OTP' } };
      } else if (transactions.has(ref)) {
        return { status: 200, body: { status: 0, code: 'TP13', message: 'Duplicate externalref' } };
      }
      transactions.set(ref, {
        externalref: ref,
        amount: String(body.amount),
        payer: String(body.payer),
        channel: String(body.channel),
        txstatus: 0,
        approvedBySeen: false,
      });
      return {
        status: 200,
        body: {
          status: 1,
          code: 'TR099',
          message: 'Payment prompt sent',
          data: { externalref: ref },
        },
      };
    }
    if (req.method === 'POST' && req.path === '/open/transact/status') {
      const tx = transactions.get(String(body.id));
      if (!tx || tx.txstatus === 0) {
        return {
          status: 200,
          body: {
            status: 0,
            code: 'TS404',
            message: 'Transaction not found',
            data: tx ? { txstatus: 0 } : null,
          },
        };
      }
      return {
        status: 200,
        body: {
          status: 1,
          code: 'TS00',
          message: 'ok',
          data: { txstatus: tx.txstatus, externalref: tx.externalref, amount: tx.amount },
        },
      };
    }
    return { status: 404, body: { status: 0, message: 'Not found' } };
  });

  return {
    url: server.url,
    requests: server.requests,
    close: server.close,
    transactions,
    setMode(next: typeof mode) {
      mode = next;
    },
    requireOtpFor(localNumber: string) {
      otpPayers.add(localNumber);
    },
    approve(externalref: string, amount?: string) {
      const tx = transactions.get(externalref)!;
      tx.txstatus = 1;
      if (amount) tx.amount = amount;
    },
    decline(externalref: string) {
      transactions.get(externalref)!.txstatus = 2;
    },
    callback(externalref: string, txstatus = 1, secret = FAKE_MOOLRE.callbackSecret) {
      return {
        status: 1,
        code: 'TR000',
        message: 'Transaction update',
        data: { txstatus, externalref, secret },
      };
    },
  };
}
