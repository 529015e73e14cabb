import { publicRoute, signedIn, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of profile, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; profile.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/profile': [{ request: () => ({ url: '/api/profile' }), expect: signedIn() }],
  'PATCH /api/profile': [
    {
      label: 'each caller their own',
      request: () => ({
        url: '/api/profile',
        payload: { fullName: 'Changed Name', phoneNumber: '+233241234567', assemblyName: 'bethel' },
      }),
      expect: signedIn(),
    },
  ],
  'PUT /api/profile/receipt-channel': [
    {
      label: 'each caller their own',
      request: () => ({ url: '/api/profile/receipt-channel', payload: { channel: 'both' } }),
      expect: signedIn(),
    },
  ],
  // The language link (decision 043): anyone; a member's account keeps it too.
  'GET /language/:locale': [
    { request: () => ({ url: '/language/en?next=/auth' }), expect: publicRoute(303) },
  ],
  'PUT /api/profile/language': [
    {
      label: 'each caller their own',
      request: () => ({ url: '/api/profile/language', payload: { locale: 'en' } }),
      expect: signedIn(),
    },
  ],
  'POST /api/profile/password': [
    {
      label: 'a wrong current password',
      request: () => ({
        url: '/api/profile/password',
        payload: {
          currentPassword: 'not it at all',
          newPassword: 'a new horse 12',
          confirmPassword: 'a new horse 12',
        },
      }),
      expect: signedIn(400),
    },
  ],
};
