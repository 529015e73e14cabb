import { adminOnly, financeOnly, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of finance, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; finance.feature.ts names them).

const GRACE_REPORT = '/api/finance/reports?from=2000-01-01&to=2100-12-31';

export const rows: MatrixRows = {
  'GET /api/finance/access': [
    { request: () => ({ url: '/api/finance/access' }), expect: financeOnly() },
  ],
  'GET /api/finance/cash': [
    {
      label: 'a Grace entry',
      request: (f) => ({ url: `/api/finance/cash?code=${f.cashCode}` }),
      expect: financeOnly(),
    },
    {
      label: 'another assembly’s entry',
      request: (f) => ({ url: `/api/finance/cash?code=${f.bethelCashCode}` }),
      expect: { ...financeOnly(), officer: 404 },
    },
  ],
  'GET /api/finance/cash/flagged': [
    { request: () => ({ url: '/api/finance/cash/flagged' }), expect: financeOnly() },
  ],
  'POST /api/finance/cash/:id/receive': [
    {
      label: 'a Grace entry',
      request: async (f, caller) => ({
        url: `/api/finance/cash/${caller === 'officer' || caller === 'admin' ? await f.newCash('grace') : f.cashId}/receive`,
        payload: {
          amount: '5',
          receivedOn: new Date().toISOString().slice(0, 10),
          receivedBy: 'Usher',
        },
      }),
      expect: financeOnly(),
    },
    {
      label: 'another assembly’s entry',
      request: (f) => ({
        url: `/api/finance/cash/${f.bethelCashId}/receive`,
        payload: {
          amount: '5',
          receivedOn: new Date().toISOString().slice(0, 10),
          receivedBy: 'Usher',
        },
      }),
      expect: { ...financeOnly(), officer: 404 },
    },
  ],
  'GET /api/finance/bank/mappings': [
    { request: () => ({ url: '/api/finance/bank/mappings' }), expect: financeOnly() },
  ],
  'PUT /api/finance/bank/mappings/:bank': [
    {
      request: () => ({
        url: '/api/finance/bank/mappings/fidelity',
        payload: { dateColumn: 'Date', descriptionColumn: 'Description', amountColumn: 'Credit' },
      }),
      expect: financeOnly(),
    },
  ],
  'POST /api/finance/bank/statements': [
    {
      request: (f) => ({
        url: '/api/finance/bank/statements?bank=fidelity',
        raw: f.statementUpload(),
      }),
      expect: financeOnly(201),
    },
  ],
  'GET /api/finance/bank/statements': [
    { request: () => ({ url: '/api/finance/bank/statements' }), expect: financeOnly() },
  ],
  'GET /api/finance/bank/lines': [
    { request: () => ({ url: '/api/finance/bank/lines' }), expect: financeOnly() },
  ],
  'GET /api/finance/bank/lines/:id/candidates': [
    {
      label: 'an unknown line',
      request: () => ({
        url: '/api/finance/bank/lines/00000000-0000-4000-8000-000000000000/candidates',
      }),
      expect: financeOnly(404),
    },
  ],
  'POST /api/finance/bank/lines/:id/match': [
    {
      label: 'an unknown line',
      request: (f) => ({
        url: '/api/finance/bank/lines/00000000-0000-4000-8000-000000000000/match',
        payload: { entryId: f.cashId },
      }),
      expect: financeOnly(404),
    },
  ],
  'POST /api/finance/bank/lines/:id/unmatch': [
    {
      label: 'an unknown line',
      request: () => ({
        url: '/api/finance/bank/lines/00000000-0000-4000-8000-000000000000/unmatch',
        payload: {},
      }),
      expect: financeOnly(404),
    },
  ],
  'POST /api/finance/bank/rematch': [
    { request: () => ({ url: '/api/finance/bank/rematch', payload: {} }), expect: financeOnly() },
  ],
  'GET /api/finance/reports': [
    { request: () => ({ url: GRACE_REPORT }), expect: financeOnly() },
    {
      label: 'another assembly',
      request: () => ({ url: `${GRACE_REPORT}&assembly=bethel` }),
      expect: { ...financeOnly(), officer: 403 },
    },
  ],
  'GET /api/finance/reports/table.csv': [
    {
      request: () => ({ url: GRACE_REPORT.replace('reports', 'reports/table.csv') }),
      expect: financeOnly(),
    },
  ],
  'GET /api/finance/reports/entries.csv': [
    {
      request: () => ({ url: GRACE_REPORT.replace('reports', 'reports/entries.csv') }),
      expect: financeOnly(),
    },
  ],
  'GET /api/admin/finance/officers': [
    { request: () => ({ url: '/api/admin/finance/officers' }), expect: adminOnly() },
  ],
  'PUT /api/admin/finance/officers': [
    {
      request: (f) => ({
        url: '/api/admin/finance/officers',
        payload: { email: f.memberEmail, allAssemblies: true, assemblies: [] },
      }),
      expect: adminOnly(),
    },
  ],
  'POST /api/admin/finance/officers/revoke': [
    {
      request: (f) => ({
        url: '/api/admin/finance/officers/revoke',
        payload: { email: f.memberEmail },
      }),
      expect: adminOnly(204),
    },
  ],
  'GET /api/admin/finance/audit': [
    { request: () => ({ url: '/api/admin/finance/audit' }), expect: adminOnly() },
  ],
};
