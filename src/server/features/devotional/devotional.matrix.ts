import { adminOnly, publicRoute, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of devotional, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; devotional.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/devotional/weeks': [
    { request: () => ({ url: '/api/devotional/weeks' }), expect: publicRoute() },
  ],
  'GET /api/devotional/weeks/:weekId': [
    { request: (f) => ({ url: `/api/devotional/weeks/${f.weekId}` }), expect: publicRoute() },
  ],
  'GET /api/devotional/weeks/:weekId/days/:day': [
    {
      request: (f) => ({ url: `/api/devotional/weeks/${f.weekId}/days/1` }),
      expect: publicRoute(),
    },
  ],
  'POST /api/admin/devotional/weeks': [
    {
      request: (f) => ({
        url: '/api/admin/devotional/weeks',
        payload: { id: f.freeWeek(), title: 'A week' },
      }),
      expect: adminOnly(201),
    },
  ],
  'PATCH /api/admin/devotional/weeks/:weekId': [
    {
      request: (f) => ({
        url: `/api/admin/devotional/weeks/${f.weekId}`,
        payload: { title: 'Renamed week' },
      }),
      expect: adminOnly(),
    },
  ],
  'DELETE /api/admin/devotional/weeks/:weekId': [
    {
      request: async (f) => ({ url: `/api/admin/devotional/weeks/${await f.newWeek()}` }),
      expect: adminOnly(204),
    },
  ],
  'PUT /api/admin/devotional/weeks/:weekId/days/:day': [
    {
      request: (f) => ({
        url: `/api/admin/devotional/weeks/${f.weekId}/days/2`,
        payload: { title: 'Day two' },
      }),
      expect: adminOnly(),
    },
  ],
  'DELETE /api/admin/devotional/weeks/:weekId/days/:day': [
    {
      request: (f) => ({ url: `/api/admin/devotional/weeks/${f.weekId}/days/3` }),
      expect: adminOnly(204),
    },
  ],
};
