import {
  adminOnly,
  publicRoute,
  signedIn,
  type MatrixRows,
} from '../../testing/authorization-matrix.ts';

// Who may call each route of workers, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; workers.feature.ts names them).

export const rows: MatrixRows = {
  'POST /api/workers/gate': [
    {
      label: 'a wrong password',
      request: (f) => ({
        url: '/api/workers/gate',
        payload: { email: f.memberEmail, password: 'not the gate password' },
      }),
      expect: publicRoute(401),
    },
  ],
  'GET /api/workers/status': [
    { request: () => ({ url: '/api/workers/status' }), expect: signedIn() },
  ],
  'GET /api/workers/application': [
    {
      label: "each caller's own",
      request: () => ({ url: '/api/workers/application' }),
      expect: signedIn(),
    },
  ],
  'POST /api/workers/files': [
    {
      request: async (f) => ({ url: '/api/workers/files', raw: await f.photoUpload() }),
      expect: signedIn(201),
    },
  ],
  'POST /api/workers/applications': [
    {
      label: 'an incomplete form',
      request: () => ({
        url: '/api/workers/applications',
        payload: { role: 'pastor', answers: {}, agree_terms: true },
      }),
      expect: signedIn(400),
    },
  ],
  'GET /api/admin/applications': [
    { request: () => ({ url: '/api/admin/applications' }), expect: adminOnly() },
  ],
  'GET /api/admin/applications/:id': [
    {
      request: (f) => ({ url: `/api/admin/applications/${f.applicationId}` }),
      expect: adminOnly(),
    },
  ],
  'POST /api/admin/applications/:id/decision': [
    {
      request: async (f, caller) => ({
        url: `/api/admin/applications/${caller === 'admin' ? await f.newApplication() : f.applicationId}/decision`,
        payload: { status: 'rejected', reason: 'Not this time.' },
      }),
      expect: adminOnly(),
    },
  ],
};
