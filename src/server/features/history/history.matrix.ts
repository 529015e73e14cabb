import {
  ownerOnly,
  publicRoute,
  signedIn,
  type MatrixRows,
} from '../../testing/authorization-matrix.ts';

// Who may call each route of history, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; history.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/history': [
    {
      label:
        "each caller's own, one year at a time (a guest: their device's, by its signed cookie)",
      request: () => ({ url: `/api/history?year=${new Date().getUTCFullYear()}` }),
      expect: publicRoute(),
    },
  ],
  'GET /api/history/guest-gifts': [
    {
      label: "how many gifts the caller's own device gave as a guest, and their total",
      request: () => ({ url: '/api/history/guest-gifts' }),
      expect: publicRoute(),
    },
  ],
  'POST /api/history/cash/:id/delete': [
    {
      request: async (f, caller) => ({
        url: `/api/history/cash/${caller === 'member' ? await f.newCash('grace') : f.cashId}/delete`,
        payload: { reason: 'Mistaken amount or details' },
      }),
      expect: ownerOnly(204),
    },
  ],
  'GET /api/history/receipts/:id': [
    { request: (f) => ({ url: `/api/history/receipts/${f.receiptId}` }), expect: ownerOnly() },
  ],
  'GET /api/history/statements': [
    { request: () => ({ url: '/api/history/statements' }), expect: signedIn() },
  ],
  'GET /api/history/statements/:year': [
    {
      label: "each caller's own year (built from their own gifts only)",
      request: (f) => ({ url: `/api/history/statements/${f.statementYear}` }),
      expect: signedIn(),
    },
  ],
};
