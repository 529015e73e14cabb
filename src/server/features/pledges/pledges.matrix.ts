import {
  adminOnly,
  financeOnly,
  ownerOnly,
  signedIn,
  type MatrixRows,
} from '../../testing/authorization-matrix.ts';

// Who may call each route of pledges, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; pledges.feature.ts names them).

/** A pledge's date the matrix can use for years to come. */
const PLEDGE_DUE_ON = '2099-12-31';

export const rows: MatrixRows = {
  // A member's pledges are theirs alone: another caller is told they do not exist.
  'GET /api/pledges': [
    {
      label: 'each caller their own',
      request: () => ({ url: '/api/pledges' }),
      expect: signedIn(),
    },
  ],
  'POST /api/pledges': [
    {
      label: 'each caller their own',
      request: () => ({
        url: '/api/pledges',
        payload: { type: 'tithe', amount: '10', dueOn: PLEDGE_DUE_ON },
      }),
      expect: signedIn(201),
    },
  ],
  'DELETE /api/pledges/:id': [
    {
      label: "the member's pledge",
      request: async (f, caller) => ({
        url: `/api/pledges/${caller === 'member' ? await f.newPledge() : f.pledgeId}`,
      }),
      expect: ownerOnly(204),
    },
  ],
  'POST /api/pledges/:id/gifts': [
    {
      label: "the member's pledge and confirmed gift",
      request: (f) => ({
        url: `/api/pledges/${f.pledgeId}/gifts`,
        payload: { kind: 'cash', id: f.receivedCashId },
      }),
      expect: ownerOnly(),
    },
  ],
  'GET /api/campaigns/report': [
    { request: () => ({ url: '/api/campaigns/report' }), expect: financeOnly() },
  ],
  'GET /api/campaigns/report.csv': [
    { request: () => ({ url: '/api/campaigns/report.csv' }), expect: financeOnly() },
  ],
  'POST /api/admin/campaigns': [
    {
      request: () => ({
        url: '/api/admin/campaigns',
        payload: {
          name: 'Matrix campaign',
          type: 'building_project',
          assembly: '',
          target: '1000',
          startsOn: '2026-01-01',
          endsOn: '2099-12-31',
        },
      }),
      expect: adminOnly(201),
    },
  ],
};
