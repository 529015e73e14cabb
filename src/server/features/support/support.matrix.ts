import { publicRoute, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of support, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; support.feature.ts names them).

export const rows: MatrixRows = {
  'POST /api/support': [
    {
      request: () => ({
        url: '/api/support',
        payload: {
          full_name: 'Ama Mensah',
          email: 'ama@example.com',
          title: 'Help',
          issue: 'It broke.',
        },
      }),
      expect: publicRoute(201),
    },
  ],
};
