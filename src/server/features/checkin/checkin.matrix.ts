import { adminOnly, signedIn, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of checkin, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; checkin.feature.ts names them).

export const rows: MatrixRows = {
  // Members check themselves in; ushers (admins among them) run the entrance screen, check
  // others in and hand children back; admins open services, name ushers, read attendance.
  'GET /api/checkin': [
    {
      label: 'each caller their own',
      request: () => ({ url: '/api/checkin' }),
      expect: signedIn(),
    },
  ],
  'POST /api/checkin': [
    {
      label: 'by the short code',
      request: (f) => ({ url: '/api/checkin', payload: { code: f.checkinCode } }),
      expect: signedIn(),
    },
  ],
  'POST /api/checkin/children': [
    {
      label: "each caller's own child",
      request: (f) => ({
        url: '/api/checkin/children',
        payload: { sessionId: f.checkinSessionId, childName: 'Esi' },
      }),
      expect: signedIn(201),
    },
  ],
  'GET /api/checkin/sessions': [
    { request: () => ({ url: '/api/checkin/sessions' }), expect: adminOnly() },
  ],
  'GET /api/checkin/sessions/:id/screen': [
    {
      request: (f) => ({ url: `/api/checkin/sessions/${f.checkinSessionId}/screen` }),
      expect: adminOnly(),
    },
  ],
  'GET /api/checkin/sessions/:id/members': [
    {
      request: (f) => ({ url: `/api/checkin/sessions/${f.checkinSessionId}/members?q=Ama` }),
      expect: adminOnly(),
    },
  ],
  'POST /api/checkin/sessions/:id/members': [
    {
      request: (f) => ({
        url: `/api/checkin/sessions/${f.checkinSessionId}/members`,
        payload: { userId: f.memberId },
      }),
      expect: adminOnly(),
    },
  ],
  'POST /api/checkin/sessions/:id/children': [
    {
      request: (f) => ({
        url: `/api/checkin/sessions/${f.checkinSessionId}/children`,
        payload: { childName: 'Kofi', guardianPhone: '+233241234567' },
      }),
      expect: adminOnly(201),
    },
  ],
  'POST /api/checkin/sessions/:id/pickup': [
    {
      label: 'a child in care',
      request: async (f, caller) => ({
        url: `/api/checkin/sessions/${f.checkinSessionId}/pickup`,
        payload: { code: caller === 'admin' ? await f.newPickupCode() : '0000' },
      }),
      expect: adminOnly(),
    },
  ],
  'GET /api/admin/checkin/sessions': [
    { request: () => ({ url: '/api/admin/checkin/sessions' }), expect: adminOnly() },
  ],
  'POST /api/admin/checkin/sessions': [
    {
      request: () => ({
        url: '/api/admin/checkin/sessions',
        payload: {
          title: 'Midweek service',
          opensAt: '2099-01-07T17:00:00Z',
          closesAt: '2099-01-07T20:00:00Z',
        },
      }),
      expect: adminOnly(201),
    },
  ],
  'GET /api/admin/checkin/attendance': [
    { request: () => ({ url: '/api/admin/checkin/attendance' }), expect: adminOnly() },
  ],
  'GET /api/admin/checkin/attendance.csv': [
    { request: () => ({ url: '/api/admin/checkin/attendance.csv' }), expect: adminOnly() },
  ],
  'GET /api/admin/checkin/ushers': [
    { request: () => ({ url: '/api/admin/checkin/ushers' }), expect: adminOnly() },
  ],
  'POST /api/admin/checkin/ushers': [
    {
      label: 'a member with no role',
      request: async (f) => ({
        url: '/api/admin/checkin/ushers',
        payload: { contact: (await f.freshMember()).email },
      }),
      expect: adminOnly(),
    },
  ],
  'DELETE /api/admin/checkin/ushers/:id': [
    {
      label: 'an usher',
      request: async (f) => ({ url: `/api/admin/checkin/ushers/${await f.newUsher()}` }),
      expect: adminOnly(204),
    },
  ],
};
