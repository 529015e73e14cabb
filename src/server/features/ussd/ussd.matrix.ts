import {
  MATRIX_USSD_SECRET,
  publicRoute,
  type MatrixRows,
} from '../../testing/authorization-matrix.ts';

// Who may call each route of ussd, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; ussd.feature.ts names them).

/** A session's first request, as each gateway sends it (a new session each time). */
const africasTalkingDial = () => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: `sessionId=matrix-${Math.random()}&phoneNumber=%2B233241234567&text=`,
});
const hubtelDial = () => ({
  SessionId: `matrix-${Math.random()}`,
  Type: 'initiation',
  Mobile: '233241234567',
  Sequence: 1,
  Message: '*713#',
});

export const rows: MatrixRows = {
  // Gateways hold no session: the guard is the gateway's secret (here USSD_SECRET; decision
  // 052: production has no route without one). What they answer depends only on the number;
  // what a number may cause is capped (ussd.limits.test.ts).
  'POST /api/ussd/africastalking': [
    {
      label: "the gateway (its secret), a session's first request",
      request: () => ({
        url: `/api/ussd/africastalking?secret=${MATRIX_USSD_SECRET}`,
        ...africasTalkingDial(),
      }),
      expect: publicRoute(200),
    },
    {
      label: 'without the gateway’s secret',
      request: () => ({
        url: '/api/ussd/africastalking',
        ...africasTalkingDial(),
      }),
      expect: publicRoute(403),
    },
  ],
  'POST /api/ussd/hubtel': [
    {
      label: 'the gateway (its secret), an initiation',
      request: () => ({
        url: `/api/ussd/hubtel?secret=${MATRIX_USSD_SECRET}`,
        payload: hubtelDial(),
      }),
      expect: publicRoute(200),
    },
    {
      label: 'without the gateway’s secret',
      request: () => ({
        url: '/api/ussd/hubtel',
        payload: hubtelDial(),
      }),
      expect: publicRoute(403),
    },
  ],

  // The phone simulator: a test tool; in production only this machine and admins
  // (ussd.test.ts), here (not production) open like the payment sandbox.
  'GET /sandbox/ussd': [
    {
      label: 'outside production',
      request: () => ({ url: '/sandbox/ussd' }),
      expect: publicRoute(200),
    },
  ],
  'POST /sandbox/ussd': [
    {
      label: 'outside production, a dial',
      request: () => ({
        url: '/sandbox/ussd',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'phone=%2B233241234567&network=MTN',
      }),
      expect: publicRoute(200),
    },
  ],
};
