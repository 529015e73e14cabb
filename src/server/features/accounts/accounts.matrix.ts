import {
  adminOnly,
  freshPhone,
  publicRoute,
  signedIn,
  type MatrixRows,
} from '../../testing/authorization-matrix.ts';

// Who may call each route of accounts, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; accounts.feature.ts names them).

export const rows: MatrixRows = {
  'GET /api/me': [{ request: () => ({ url: '/api/me' }), expect: publicRoute() }],

  'POST /api/auth/sign-in/email': [
    {
      label: "the member's email, a wrong password",
      request: (f) => ({
        url: '/api/auth/sign-in/email',
        payload: { email: f.memberEmail, password: 'not it at all' },
      }),
      expect: publicRoute(401),
    },
  ],
  'POST /api/auth/sign-out': [
    {
      request: () => ({ url: '/api/auth/sign-out', payload: {} }),
      expect: publicRoute(),
      freshSession: true,
    },
  ],
  'POST /api/auth/send-verification-email': [
    {
      label: 'an unregistered email (signed in: only one’s own)',
      request: (f) => ({
        url: '/api/auth/send-verification-email',
        payload: { email: `nobody-${f.unique()}@example.com` },
      }),
      expect: { ...signedIn(400), anonymous: 200, guest: 200 },
    },
  ],
  'GET /api/auth/verify-email': [
    {
      label: 'a forged token',
      request: () => ({ url: '/api/auth/verify-email?token=forged' }),
      expect: publicRoute(401),
    },
  ],
  'POST /api/auth/request-password-reset': [
    {
      request: (f) => ({
        url: '/api/auth/request-password-reset',
        payload: { email: f.memberEmail, redirectTo: '/reset-password' },
      }),
      expect: publicRoute(),
    },
  ],
  'GET /api/auth/reset-password/:token': [
    {
      request: () => ({ url: '/api/auth/reset-password/forged?callbackURL=%2Freset-password' }),
      expect: publicRoute(302),
    },
  ],
  'POST /api/auth/reset-password': [
    {
      label: 'a forged token',
      request: () => ({
        url: '/api/auth/reset-password',
        payload: { token: 'forged', newPassword: 'a new horse 12' },
      }),
      expect: publicRoute(400),
    },
  ],
  'POST /api/accounts/sign-up': [
    {
      request: (f) => ({
        url: '/api/accounts/sign-up',
        payload: {
          firstName: 'Esi',
          lastName: 'Boateng',
          phone: '+233241234567',
          assembly: 'bethel',
          email: `new-${f.unique()}@example.com`,
          password: 'correct horse 1',
        },
      }),
      expect: publicRoute(201),
    },
  ],
  'POST /api/accounts/sign-up/phone': [
    {
      label: 'a number without an account',
      request: () => ({
        url: '/api/accounts/sign-up/phone',
        payload: {
          firstName: 'Esi',
          lastName: 'Boateng',
          phone: freshPhone(),
          assembly: 'bethel',
          password: 'correct horse 1',
        },
      }),
      expect: publicRoute(201),
    },
  ],
  'POST /api/accounts/sign-up/phone/code': [
    {
      label: 'a sign-up that does not exist (the usual answer, nothing sent)',
      request: (f) => ({
        url: '/api/accounts/sign-up/phone/code',
        payload: { phoneNumber: freshPhone(), signUp: `made-up-${f.unique()}` },
      }),
      expect: publicRoute(),
    },
  ],
  'POST /api/auth/phone-sign-up/verify': [
    {
      label: 'a forged code for a sign-up that does not exist',
      request: (f) => ({
        url: '/api/auth/phone-sign-up/verify',
        payload: { phoneNumber: freshPhone(), code: '123456', signUp: `made-up-${f.unique()}` },
      }),
      expect: publicRoute(400),
    },
  ],
  'POST /api/auth/sign-in/phone-number': [
    {
      label: 'a number without an account',
      request: () => ({
        url: '/api/auth/sign-in/phone-number',
        payload: { phoneNumber: freshPhone(), password: 'not it at all' },
      }),
      expect: publicRoute(401),
    },
  ],
  'POST /api/auth/phone-number/send-otp': [
    {
      label: 'a free number (signed in: to add it; else nothing is sent)',
      request: () => ({
        url: '/api/auth/phone-number/send-otp',
        payload: { phoneNumber: freshPhone() },
      }),
      expect: publicRoute(),
    },
  ],
  'POST /api/auth/phone-number/verify': [
    {
      label: 'a forged code for a number without an account',
      request: () => ({
        url: '/api/auth/phone-number/verify',
        payload: { phoneNumber: freshPhone(), code: '123456' },
      }),
      expect: publicRoute(400),
    },
    {
      label: 'a forged code to add a number to one’s account',
      request: () => ({
        url: '/api/auth/phone-number/verify',
        payload: { phoneNumber: freshPhone(), code: '123456', updatePhoneNumber: true },
      }),
      expect: signedIn(400),
    },
  ],
  'POST /api/auth/phone-number/request-password-reset': [
    {
      request: () => ({
        url: '/api/auth/phone-number/request-password-reset',
        payload: { phoneNumber: freshPhone() },
      }),
      expect: publicRoute(),
    },
  ],
  'POST /api/auth/phone-number/reset-password': [
    {
      label: 'a forged code',
      request: () => ({
        url: '/api/auth/phone-number/reset-password',
        payload: { phoneNumber: freshPhone(), otp: '123456', newPassword: 'a new horse 12' },
      }),
      expect: publicRoute(400),
    },
  ],
  'POST /api/accounts/email-available': [
    {
      request: (f) => ({ url: '/api/accounts/email-available', payload: { email: f.memberEmail } }),
      expect: publicRoute(),
    },
  ],
  'GET /api/admin/users': [{ request: () => ({ url: '/api/admin/users' }), expect: adminOnly() }],
};
