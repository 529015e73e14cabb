import { publicRoute, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of church, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; church.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/church': [{ request: () => ({ url: '/api/church' }), expect: publicRoute() }],
};
