import { signedIn, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of notifications, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; notifications.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/notifications/settings': [
    { request: () => ({ url: '/api/notifications/settings' }), expect: signedIn() },
  ],
  'PUT /api/notifications/quiet-hours': [
    {
      label: 'each caller their own',
      request: () => ({
        url: '/api/notifications/quiet-hours',
        payload: { from: '22:00', until: '05:00' },
      }),
      expect: signedIn(),
    },
  ],
  'POST /api/notifications/devices': [
    {
      label: 'this device becomes the caller’s',
      request: () => ({
        url: '/api/notifications/devices',
        payload: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-device',
          keys: {
            p256dh:
              'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        },
      }),
      expect: signedIn(),
    },
  ],
  'DELETE /api/notifications/devices': [
    {
      label: 'only the caller’s own device',
      request: () => ({
        url: '/api/notifications/devices',
        payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-device' },
      }),
      expect: signedIn(),
    },
  ],
};
