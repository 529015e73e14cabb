import { publicRoute, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of health, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; health.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/health': [{ request: () => ({ url: '/api/health' }), expect: publicRoute() }],
  'GET /api/ready': [{ request: () => ({ url: '/api/ready' }), expect: publicRoute() }],
};
