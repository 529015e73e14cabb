import { adminOnly, publicRoute, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of sermons, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; sermons.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/sermons': [{ request: () => ({ url: '/api/sermons' }), expect: publicRoute() }],
  'GET /api/sermons/:id': [
    { request: (f) => ({ url: `/api/sermons/${f.sermonId}` }), expect: publicRoute() },
  ],
  'POST /api/admin/sermons': [
    {
      request: (f) => ({
        url: '/api/admin/sermons',
        payload: {
          title: `Sermon ${f.unique()}`,
          video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        },
      }),
      expect: adminOnly(201),
    },
  ],
  'PATCH /api/admin/sermons/:id': [
    {
      request: (f) => ({ url: `/api/admin/sermons/${f.sermonId}`, payload: { title: 'Renamed' } }),
      expect: adminOnly(),
    },
  ],
  'DELETE /api/admin/sermons/:id': [
    {
      request: async (f) => ({ url: `/api/admin/sermons/${await f.newSermon()}` }),
      expect: adminOnly(204),
    },
  ],
  'PUT /api/admin/sermons/order': [
    {
      request: async (f) => ({
        url: '/api/admin/sermons/order',
        payload: { ids: await f.sermonIds() },
      }),
      expect: adminOnly(),
    },
  ],
};
