import { publicRoute, type MatrixRows } from '../../testing/authorization-matrix.ts';
import { gift } from '../../testing/finance.ts';

// Who may call each route of giving, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; giving.feature.ts names them).

export const rows: MatrixRows = {
  'POST /api/giving/gifts': [
    {
      request: () => ({
        url: '/api/giving/gifts',
        payload: { ...gift, amount: '5', paymentMethod: 'cash' },
      }),
      expect: publicRoute(201),
    },
  ],
  'GET /api/giving/gifts/:reference': [
    {
      label: "the member's gift",
      request: (f) => ({ url: `/api/giving/gifts/${f.momoReference}` }),
      expect: { ...publicRoute(404), member: 200 },
    },
  ],
  'POST /api/giving/gifts/:reference/otp': [
    {
      label: "the member's gift",
      request: (f) => ({
        url: `/api/giving/gifts/${f.momoReference}/otp`,
        payload: { otp: '123456' },
      }),
      expect: { ...publicRoute(404), member: 200 },
    },
  ],
  'POST /api/webhooks/paystack': [
    {
      label: 'a forged signature',
      request: () => ({
        url: '/api/webhooks/paystack',
        payload: { event: 'charge.success', data: { reference: 'FLK-FORGED-1' } },
        headers: { 'x-paystack-signature': 'f'.repeat(128) },
      }),
      expect: publicRoute(401),
    },
  ],
  'POST /api/webhooks/moolre': [
    {
      label: 'a forged secret',
      request: () => ({
        url: '/api/webhooks/moolre',
        payload: { data: { externalref: 'FLK-FORGED-1', secret: 'forged' } },
      }),
      expect: publicRoute(401),
    },
  ],
  'GET /sandbox/checkout/:reference': [
    {
      label: 'not a card checkout',
      request: (f) => ({ url: `/sandbox/checkout/${f.momoReference}` }),
      expect: publicRoute(400),
    },
  ],
  'POST /sandbox/checkout/:reference': [
    {
      label: 'not a card checkout',
      request: (f) => ({
        url: `/sandbox/checkout/${f.momoReference}`,
        payload: { outcome: 'success' },
      }),
      expect: publicRoute(400),
    },
  ],
};
