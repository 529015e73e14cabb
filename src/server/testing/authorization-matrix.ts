// Who may call what: the authorisation matrix, written once as data (issue 15, Build 1).
//
// security/authorization-matrix.test.ts builds the app, reads its route table and calls every route
// below as every kind of caller, asserting the status each cell names; a route missing here
// fails that test. `npm run security:doc` renders the table in docs/security.md from this file.
//
// Adding a route: add a key `METHOD /url` (the url exactly as registered, `:params` and all)
// with one or more cases. Each case builds its request from the seeded fixtures (ids of the
// member's own records, helpers that make fresh records) and says, per caller, the status
// expected. The shorthands below cover the usual shapes; spread and override for the rest.
// Requests target the records of `member` unless a case says otherwise, so `other` is always
// "another member reaching for them".

export const CALLERS = [
  'anonymous',
  'guest',
  'member',
  'other',
  'admin',
  'officer',
  'pastor',
  'applicant',
] as const;
export type Caller = (typeof CALLERS)[number];

export const CALLER_NOTES: Record<Caller, string> = {
  anonymous: 'no session',
  guest: 'no session, has given as a guest (the guest flag lives in the browser only)',
  member: 'a confirmed member; the records requests target are theirs',
  other: 'another confirmed member',
  admin: 'an admin (ADMIN_EMAILS)',
  officer: 'a finance officer for the Grace assembly only',
  pastor: 'a member whose pastor application an admin approved',
  applicant: 'a member with a pending application',
};

/** What the seeding gives the request builders. */
export interface Fixtures {
  memberEmail: string;
  /** The member's cash gift, to the Grace assembly (the officer's). */
  cashId: string;
  cashCode: string;
  /** A cash gift to Bethel, outside the officer's scope. */
  bethelCashId: string;
  bethelCashCode: string;
  /** The member's receipt (their card gift, paid). */
  receiptId: string;
  statementYear: number;
  /** The member's pending mobile money gift. */
  momoReference: string;
  /** The member's recurring gift (mobile money, reminders). */
  scheduleId: string;
  /** A fresh recurring gift of the member's, for cases that change it. */
  newSchedule(): Promise<string>;
  /** The member's cash gift the desk received (confirmed), and the member's pledge. */
  receivedCashId: string;
  pledgeId: string;
  /** A fresh pledge of the member's. */
  newPledge(): Promise<string>;
  /** An event for the Grace assembly (the officer's) and one for Bethel (outside it). */
  eventId: string;
  bethelEventId: string;
  /** A fresh event, for cases that delete it. */
  newEvent(assembly: 'grace' | 'bethel'): Promise<string>;
  /** The member's (Bethel) request to the church, approved; and one held for moderation. */
  prayerId: string;
  heldPrayerId: string;
  /** A Grace member's request to their assembly, approved. */
  gracePrayerId: string;
  /** A fresh request: the member's (Bethel) or a Grace member's; approved to the church by default. */
  newPrayer(options?: {
    author?: 'member' | 'grace';
    visibility?: 'church' | 'assembly' | 'pastors';
    status?: 'pending' | 'approved';
  }): Promise<string>;
  /** The pending applicant's application and an uploaded file's storage key. */
  applicationId: string;
  fileKey: string;
  sermonId: string;
  weekId: number;
  /** Another approved pastor, the pastor caller's correspondent. */
  peerPastorId: string;
  /** A message the peer sent to the pastor caller. */
  peerMessageId: string;
  /** Fresh records for cases that change or delete what they target. */
  /** A message the pastor caller has just sent to the peer. */
  newPastorMessage(): Promise<string>;
  /** A multipart body with a photo for a pastor's message. */
  attachmentUpload(): Promise<{ payload: Buffer; contentType: string }>;
  newCash(assembly: 'grace' | 'bethel'): Promise<string>;
  newSermon(): Promise<string>;
  /** A devotional week number nobody uses yet. */
  freeWeek(): number;
  newWeek(): Promise<number>;
  newApplication(): Promise<string>;
  /** Every sermon's id, in the current order. */
  sermonIds(): Promise<string[]>;
  /** A video library playlist with one video (decision 040), and fresh ones to delete. */
  playlistId: string;
  libraryVideoId: string;
  newPlaylist(): Promise<string>;
  newLibraryVideo(): Promise<string>;
  /** Every playlist's id, and the playlist's videos' ids, in the current order. */
  playlistIds(): Promise<string[]>;
  playlistVideoIds(): Promise<string[]>;
  /** A service open for check-in now, for the whole church, and its short code. */
  checkinSessionId: string;
  checkinCode: string;
  /** A child just checked in to that service by an admin: their pick-up code. */
  newPickupCode(): Promise<string>;
  /** The member caller's user id. */
  memberId: string;
  /** A member just signed up (no role). */
  freshMember(): Promise<{ id: string; email: string }>;
  /** A member just made an usher: their user id. */
  newUsher(): Promise<string>;
  /** A CSV multipart body for the statement upload. */
  statementUpload(): { payload: Buffer; contentType: string };
  /** A multipart body with a real photo for the workers upload. */
  photoUpload(): Promise<{ payload: Buffer; contentType: string }>;
  unique(): string;
}

export interface MatrixRequest {
  url: string;
  payload?: unknown;
  /** A multipart or raw body: sent as-is with this content type. */
  raw?: { payload: Buffer; contentType: string };
  headers?: Record<string, string>;
}

export type Expect = Record<Caller, number>;

export interface MatrixCase {
  /** Shown in the table when a route has several cases. */
  label?: string;
  request: (f: Fixtures, caller: Caller) => MatrixRequest | Promise<MatrixRequest>;
  expect: Expect;
  /** The call ends or changes the session: each caller uses a fresh one. */
  freshSession?: boolean;
}

const all = (status: number): Expect =>
  Object.fromEntries(CALLERS.map((c) => [c, status])) as Expect;

/** Open to everyone. */
export const publicRoute = (status = 200): Expect => all(status);
/** Any signed-in caller, each on their own records. */
export const signedIn = (status = 200): Expect => ({ ...all(status), anonymous: 401, guest: 401 });
/** The member's own record: other signed-in callers are told it does not exist. */
export const ownerOnly = (status = 200, others = 404): Expect => ({
  ...signedIn(others),
  member: status,
});
export const adminOnly = (status = 200): Expect => ({ ...signedIn(403), admin: status });
/** Finance officers and admins. */
export const financeOnly = (status = 200): Expect => ({
  ...signedIn(403),
  officer: status,
  admin: status,
});

/** Approved pastors only (spec §6 Worker); other signed-in callers are refused. */
export const pastorOnly = (status = 200): Expect => ({ ...signedIn(403), pastor: status });

/** The dev mailbox and outbox (off with a real SMTP server / SMS gateway): this machine, or admins from elsewhere. */
const mailbox = (status = 200): Expect => ({ ...all(403), admin: status });

/** A Ghana mobile number no other call of the matrix uses (phone-first accounts). */
let phoneSeq = 1_000_000;
const freshPhone = () => `+23324${phoneSeq++}`;

/** An event the matrix publishes (times far ahead, read as Ghana's = UTC). */
export const matrixEvent = (assembly: string) => ({
  title: 'Matrix event',
  assembly,
  startsAt: '2099-06-01T10:00',
  endsAt: '2099-06-01T12:00',
  place: 'Main hall',
});

/** A pledge's date the matrix can use for years to come. */
const PLEDGE_DUE_ON = '2099-12-31';

/** The USSD gateways' shared secret (callersEnv, decision 052): called with and without it. */
export const MATRIX_USSD_SECRET = 'matrix-ussd-gateway-secret';

const GRACE_REPORT = '/api/finance/reports?from=2000-01-01&to=2100-12-31';

export const matrix: Record<string, MatrixCase[]> = {
  // ------------------------------------------------------------ health, church, me
  'GET /api/health': [{ request: () => ({ url: '/api/health' }), expect: publicRoute() }],
  'GET /api/ready': [{ request: () => ({ url: '/api/ready' }), expect: publicRoute() }],
  'GET /api/church': [{ request: () => ({ url: '/api/church' }), expect: publicRoute() }],
  'GET /api/me': [{ request: () => ({ url: '/api/me' }), expect: publicRoute() }],

  // ------------------------------------------------------------ accounts (auth library)
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

  // ------------------------------------------------------------ profile
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
  // ------------------------------------------------------------ notifications (decision 041)
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

  // ------------------------------------------------------------ giving and history
  'POST /api/giving/gifts': [
    {
      request: () => ({
        url: '/api/giving/gifts',
        payload: {
          type: 'tithe',
          firstName: 'Kofi',
          lastName: 'Owusu',
          assembly: 'grace',
          amount: '5',
          paymentMethod: 'cash',
        },
      }),
      expect: publicRoute(201),
    },
  ],
  'GET /api/giving/gifts/:reference': [
    {
      label: "the member's gift",
      request: (f) => ({ url: `/api/giving/gifts/${f.momoReference}` }),
      expect: { ...publicRoute(404), member: 200 },
    },
  ],
  'POST /api/giving/gifts/:reference/otp': [
    {
      label: "the member's gift",
      request: (f) => ({
        url: `/api/giving/gifts/${f.momoReference}/otp`,
        payload: { otp: '123456' },
      }),
      expect: { ...publicRoute(404), member: 200 },
    },
  ],
  'POST /api/webhooks/paystack': [
    {
      label: 'a forged signature',
      request: () => ({
        url: '/api/webhooks/paystack',
        payload: { event: 'charge.success', data: { reference: 'FLK-FORGED-1' } },
        headers: { 'x-paystack-signature': 'f'.repeat(128) },
      }),
      expect: publicRoute(401),
    },
  ],
  'POST /api/webhooks/moolre': [
    {
      label: 'a forged secret',
      request: () => ({
        url: '/api/webhooks/moolre',
        payload: { data: { externalref: 'FLK-FORGED-1', secret: 'forged' } },
      }),
      expect: publicRoute(401),
    },
  ],
  'GET /sandbox/checkout/:reference': [
    {
      label: 'not a card checkout',
      request: (f) => ({ url: `/sandbox/checkout/${f.momoReference}` }),
      expect: publicRoute(400),
    },
  ],
  'POST /sandbox/checkout/:reference': [
    {
      label: 'not a card checkout',
      request: (f) => ({
        url: `/sandbox/checkout/${f.momoReference}`,
        payload: { outcome: 'success' },
      }),
      expect: publicRoute(400),
    },
  ],
  'GET /api/history': [
    {
      label:
        "each caller's own, one year at a time (a guest: their device's, by its signed cookie)",
      request: () => ({ url: `/api/history?year=${new Date().getUTCFullYear()}` }),
      expect: publicRoute(),
    },
  ],
  'GET /api/history/guest-gifts': [
    {
      label: "how many gifts the caller's own device gave as a guest, and their total",
      request: () => ({ url: '/api/history/guest-gifts' }),
      expect: publicRoute(),
    },
  ],
  'POST /api/history/cash/:id/delete': [
    {
      request: async (f, caller) => ({
        url: `/api/history/cash/${caller === 'member' ? await f.newCash('grace') : f.cashId}/delete`,
        payload: { reason: 'Mistaken amount or details' },
      }),
      expect: ownerOnly(204),
    },
  ],
  'GET /api/history/receipts/:id': [
    { request: (f) => ({ url: `/api/history/receipts/${f.receiptId}` }), expect: ownerOnly() },
  ],
  'GET /api/history/statements': [
    { request: () => ({ url: '/api/history/statements' }), expect: signedIn() },
  ],
  'GET /api/history/statements/:year': [
    {
      label: "each caller's own year (built from their own gifts only)",
      request: (f) => ({ url: `/api/history/statements/${f.statementYear}` }),
      expect: signedIn(),
    },
  ],

  // ------------------------------------------------------------ recurring gifts (issue 33)
  'GET /api/giving/schedules': [
    {
      label: "each caller's own (a guest has none)",
      request: () => ({ url: '/api/giving/schedules' }),
      expect: signedIn(),
    },
  ],
  'GET /api/giving/schedules/:id': [
    { request: (f) => ({ url: `/api/giving/schedules/${f.scheduleId}` }), expect: ownerOnly() },
  ],
  'POST /api/giving/schedules': [
    {
      label: 'mobile money, reminders every Sunday',
      request: () => ({
        url: '/api/giving/schedules',
        payload: {
          type: 'tithe',
          firstName: 'Kofi',
          lastName: 'Owusu',
          assembly: 'grace',
          amount: '5',
          method: 'momo',
          phone: '0241234567',
          provider: 'MTN',
          frequency: 'weekly',
          day: 0,
          startOn: new Date().toISOString().slice(0, 10),
          onDue: 'reminder',
        },
      }),
      expect: signedIn(201),
    },
  ],
  'POST /api/giving/schedules/:id/amount': [
    {
      request: (f) => ({
        url: `/api/giving/schedules/${f.scheduleId}/amount`,
        payload: { amount: '12' },
      }),
      expect: ownerOnly(),
    },
  ],
  'POST /api/giving/schedules/:id/pause': [
    {
      request: async (f, caller) => ({
        url: `/api/giving/schedules/${caller === 'member' ? await f.newSchedule() : f.scheduleId}/pause`,
      }),
      expect: ownerOnly(),
    },
  ],
  'POST /api/giving/schedules/:id/resume': [
    {
      label: 'an active one (the member: not paused)',
      request: (f) => ({ url: `/api/giving/schedules/${f.scheduleId}/resume` }),
      expect: ownerOnly(409),
    },
  ],
  'POST /api/giving/schedules/:id/stop': [
    {
      request: async (f, caller) => ({
        url: `/api/giving/schedules/${caller === 'member' ? await f.newSchedule() : f.scheduleId}/stop`,
      }),
      expect: ownerOnly(),
    },
  ],
  'POST /api/giving/schedules/:id/card-link': [
    {
      label: 'a mobile-money one (the member: no card to update)',
      request: (f) => ({ url: `/api/giving/schedules/${f.scheduleId}/card-link` }),
      expect: ownerOnly(409),
    },
  ],

  // ------------------------------------------------------------ content
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
  'GET /api/videos': [{ request: () => ({ url: '/api/videos' }), expect: publicRoute() }],
  'POST /api/admin/videos/playlists': [
    {
      request: (f) => ({
        url: '/api/admin/videos/playlists',
        payload: { title: `Playlist ${f.unique()}` },
      }),
      expect: adminOnly(201),
    },
  ],
  'PUT /api/admin/videos/playlists/order': [
    {
      request: async (f) => ({
        url: '/api/admin/videos/playlists/order',
        payload: { ids: await f.playlistIds() },
      }),
      expect: adminOnly(),
    },
  ],
  'PATCH /api/admin/videos/playlists/:id': [
    {
      request: (f) => ({
        url: `/api/admin/videos/playlists/${f.playlistId}`,
        payload: { description: 'Renamed' },
      }),
      expect: adminOnly(),
    },
  ],
  'DELETE /api/admin/videos/playlists/:id': [
    {
      request: async (f) => ({ url: `/api/admin/videos/playlists/${await f.newPlaylist()}` }),
      expect: adminOnly(204),
    },
  ],
  'POST /api/admin/videos/playlists/:id/videos': [
    {
      request: (f) => ({
        url: `/api/admin/videos/playlists/${f.playlistId}/videos`,
        payload: { title: `Video ${f.unique()}`, video: 'https://youtu.be/dQw4w9WgXcQ' },
      }),
      expect: adminOnly(201),
    },
  ],
  'PUT /api/admin/videos/playlists/:id/videos/order': [
    {
      request: async (f) => ({
        url: `/api/admin/videos/playlists/${f.playlistId}/videos/order`,
        payload: { ids: await f.playlistVideoIds() },
      }),
      expect: adminOnly(),
    },
  ],
  'PATCH /api/admin/videos/:id': [
    {
      request: (f) => ({
        url: `/api/admin/videos/${f.libraryVideoId}`,
        payload: { speaker: 'Pastor Mensah' },
      }),
      expect: adminOnly(),
    },
  ],
  'DELETE /api/admin/videos/:id': [
    {
      request: async (f) => ({ url: `/api/admin/videos/${await f.newLibraryVideo()}` }),
      expect: adminOnly(204),
    },
  ],
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

  // ------------------------------------------------------------ workers
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
  'GET /api/files/*': [
    {
      label: 'an uploaded file without a signed link',
      request: (f) => ({ url: `/api/files/${f.fileKey}` }),
      expect: publicRoute(403),
    },
    {
      label: 'a forged signature',
      request: (f) => ({ url: `/api/files/${f.fileKey}?expires=9999999999&sig=${'0'.repeat(64)}` }),
      expect: publicRoute(403),
    },
  ],

  // ------------------------------------------------------------ pastor portal
  'GET /api/pastor/me': [{ request: () => ({ url: '/api/pastor/me' }), expect: pastorOnly() }],
  'GET /api/pastor/appointment': [
    {
      label: "each caller's own letter, or 'still under review or not approved'",
      request: () => ({ url: '/api/pastor/appointment' }),
      expect: signedIn(),
    },
  ],
  'GET /api/pastor/appointment/letter.pdf': [
    {
      request: () => ({ url: '/api/pastor/appointment/letter.pdf' }),
      expect: { ...signedIn(404), pastor: 200 },
    },
  ],
  'GET /api/pastor/pastors': [
    { request: () => ({ url: '/api/pastor/pastors' }), expect: pastorOnly() },
  ],
  'GET /api/pastor/conversations/:peerId': [
    {
      request: (f) => ({ url: `/api/pastor/conversations/${f.peerPastorId}` }),
      expect: pastorOnly(),
    },
  ],
  'POST /api/pastor/conversations/:peerId/read': [
    {
      request: (f) => ({ url: `/api/pastor/conversations/${f.peerPastorId}/read`, payload: {} }),
      expect: pastorOnly(),
    },
  ],
  'POST /api/pastor/conversations/:peerId/messages': [
    {
      request: (f) => ({
        url: `/api/pastor/conversations/${f.peerPastorId}/messages`,
        payload: { text: 'Grace and peace' },
      }),
      expect: pastorOnly(201),
    },
  ],
  'POST /api/pastor/conversations/:peerId/files': [
    {
      label: 'a photo',
      request: async (f) => ({
        url: `/api/pastor/conversations/${f.peerPastorId}/files`,
        raw: await f.attachmentUpload(),
      }),
      expect: pastorOnly(201),
    },
  ],
  'DELETE /api/pastor/conversations/:peerId': [
    {
      label: 'delete chat (for the caller only)',
      request: (f) => ({ url: `/api/pastor/conversations/${f.peerPastorId}` }),
      expect: pastorOnly(),
    },
  ],
  'PATCH /api/pastor/messages/:id': [
    {
      label: "the pastor's own message",
      request: async (f, caller) => ({
        url: `/api/pastor/messages/${caller === 'pastor' ? await f.newPastorMessage() : f.peerMessageId}`,
        payload: { text: 'Edited' },
      }),
      expect: pastorOnly(),
    },
    {
      label: "the other pastor's message",
      request: (f) => ({
        url: `/api/pastor/messages/${f.peerMessageId}`,
        payload: { text: 'Mine now' },
      }),
      expect: pastorOnly(403),
    },
  ],
  'DELETE /api/pastor/messages/:id': [
    {
      label: "the pastor's own message, for everyone",
      request: async (f, caller) => ({
        url: `/api/pastor/messages/${caller === 'pastor' ? await f.newPastorMessage() : f.peerMessageId}?for=everyone`,
      }),
      expect: pastorOnly(),
    },
    {
      label: "the other pastor's message, for everyone",
      request: (f) => ({ url: `/api/pastor/messages/${f.peerMessageId}?for=everyone` }),
      expect: pastorOnly(403),
    },
  ],
  'GET /api/pastor/socket': [
    {
      label: 'without a WebSocket upgrade',
      request: () => ({ url: '/api/pastor/socket' }),
      expect: pastorOnly(426),
    },
  ],

  // ------------------------------------------------------------ finance desk
  'GET /api/finance/access': [
    { request: () => ({ url: '/api/finance/access' }), expect: financeOnly() },
  ],
  'GET /api/finance/cash': [
    {
      label: 'a Grace entry',
      request: (f) => ({ url: `/api/finance/cash?code=${f.cashCode}` }),
      expect: financeOnly(),
    },
    {
      label: 'another assembly’s entry',
      request: (f) => ({ url: `/api/finance/cash?code=${f.bethelCashCode}` }),
      expect: { ...financeOnly(), officer: 404 },
    },
  ],
  'GET /api/finance/cash/flagged': [
    { request: () => ({ url: '/api/finance/cash/flagged' }), expect: financeOnly() },
  ],
  'POST /api/finance/cash/:id/receive': [
    {
      label: 'a Grace entry',
      request: async (f, caller) => ({
        url: `/api/finance/cash/${caller === 'officer' || caller === 'admin' ? await f.newCash('grace') : f.cashId}/receive`,
        payload: {
          amount: '5',
          receivedOn: new Date().toISOString().slice(0, 10),
          receivedBy: 'Usher',
        },
      }),
      expect: financeOnly(),
    },
    {
      label: 'another assembly’s entry',
      request: (f) => ({
        url: `/api/finance/cash/${f.bethelCashId}/receive`,
        payload: {
          amount: '5',
          receivedOn: new Date().toISOString().slice(0, 10),
          receivedBy: 'Usher',
        },
      }),
      expect: { ...financeOnly(), officer: 404 },
    },
  ],
  'GET /api/finance/bank/mappings': [
    { request: () => ({ url: '/api/finance/bank/mappings' }), expect: financeOnly() },
  ],
  'PUT /api/finance/bank/mappings/:bank': [
    {
      request: () => ({
        url: '/api/finance/bank/mappings/fidelity',
        payload: { dateColumn: 'Date', descriptionColumn: 'Description', amountColumn: 'Credit' },
      }),
      expect: financeOnly(),
    },
  ],
  'POST /api/finance/bank/statements': [
    {
      request: (f) => ({
        url: '/api/finance/bank/statements?bank=fidelity',
        raw: f.statementUpload(),
      }),
      expect: financeOnly(201),
    },
  ],
  'GET /api/finance/bank/statements': [
    { request: () => ({ url: '/api/finance/bank/statements' }), expect: financeOnly() },
  ],
  'GET /api/finance/bank/lines': [
    { request: () => ({ url: '/api/finance/bank/lines' }), expect: financeOnly() },
  ],
  'GET /api/finance/bank/lines/:id/candidates': [
    {
      label: 'an unknown line',
      request: () => ({
        url: '/api/finance/bank/lines/00000000-0000-4000-8000-000000000000/candidates',
      }),
      expect: financeOnly(404),
    },
  ],
  'POST /api/finance/bank/lines/:id/match': [
    {
      label: 'an unknown line',
      request: (f) => ({
        url: '/api/finance/bank/lines/00000000-0000-4000-8000-000000000000/match',
        payload: { entryId: f.cashId },
      }),
      expect: financeOnly(404),
    },
  ],
  'POST /api/finance/bank/lines/:id/unmatch': [
    {
      label: 'an unknown line',
      request: () => ({
        url: '/api/finance/bank/lines/00000000-0000-4000-8000-000000000000/unmatch',
        payload: {},
      }),
      expect: financeOnly(404),
    },
  ],
  'POST /api/finance/bank/rematch': [
    { request: () => ({ url: '/api/finance/bank/rematch', payload: {} }), expect: financeOnly() },
  ],
  'GET /api/finance/reports': [
    { request: () => ({ url: GRACE_REPORT }), expect: financeOnly() },
    {
      label: 'another assembly',
      request: () => ({ url: `${GRACE_REPORT}&assembly=bethel` }),
      expect: { ...financeOnly(), officer: 403 },
    },
  ],
  'GET /api/finance/reports/table.csv': [
    {
      request: () => ({ url: GRACE_REPORT.replace('reports', 'reports/table.csv') }),
      expect: financeOnly(),
    },
  ],
  'GET /api/finance/reports/entries.csv': [
    {
      request: () => ({ url: GRACE_REPORT.replace('reports', 'reports/entries.csv') }),
      expect: financeOnly(),
    },
  ],
  'GET /api/admin/finance/officers': [
    { request: () => ({ url: '/api/admin/finance/officers' }), expect: adminOnly() },
  ],
  'PUT /api/admin/finance/officers': [
    {
      request: (f) => ({
        url: '/api/admin/finance/officers',
        payload: { email: f.memberEmail, allAssemblies: true, assemblies: [] },
      }),
      expect: adminOnly(),
    },
  ],
  'POST /api/admin/finance/officers/revoke': [
    {
      request: (f) => ({
        url: '/api/admin/finance/officers/revoke',
        payload: { email: f.memberEmail },
      }),
      expect: adminOnly(204),
    },
  ],
  'GET /api/admin/finance/audit': [
    { request: () => ({ url: '/api/admin/finance/audit' }), expect: adminOnly() },
  ],

  // ------------------------------------------------------------ pledges and campaigns (issue 33)
  // A member's pledges are theirs alone: another caller is told they do not exist.
  'GET /api/pledges': [
    {
      label: 'each caller their own',
      request: () => ({ url: '/api/pledges' }),
      expect: signedIn(),
    },
  ],
  'POST /api/pledges': [
    {
      label: 'each caller their own',
      request: () => ({
        url: '/api/pledges',
        payload: { type: 'tithe', amount: '10', dueOn: PLEDGE_DUE_ON },
      }),
      expect: signedIn(201),
    },
  ],
  'DELETE /api/pledges/:id': [
    {
      label: "the member's pledge",
      request: async (f, caller) => ({
        url: `/api/pledges/${caller === 'member' ? await f.newPledge() : f.pledgeId}`,
      }),
      expect: ownerOnly(204),
    },
  ],
  'POST /api/pledges/:id/gifts': [
    {
      label: "the member's pledge and confirmed gift",
      request: (f) => ({
        url: `/api/pledges/${f.pledgeId}/gifts`,
        payload: { kind: 'cash', id: f.receivedCashId },
      }),
      expect: ownerOnly(),
    },
  ],
  'GET /api/campaigns/report': [
    { request: () => ({ url: '/api/campaigns/report' }), expect: financeOnly() },
  ],
  'GET /api/campaigns/report.csv': [
    { request: () => ({ url: '/api/campaigns/report.csv' }), expect: financeOnly() },
  ],
  // ------------------------------------------------------------- service check-in (issue 34)
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
  'POST /api/admin/campaigns': [
    {
      request: () => ({
        url: '/api/admin/campaigns',
        payload: {
          name: 'Matrix campaign',
          type: 'building_project',
          assembly: '',
          target: '1000',
          startsOn: '2026-01-01',
          endsOn: '2099-12-31',
        },
      }),
      expect: adminOnly(201),
    },
  ],

  // ------------------------------------------------------------ the prayer wall (decision 036)
  // Signed-in members; a request is its author's to answer and delete (others: 404). Held or
  // out of a caller's reach (another assembly's), it does not exist for them. Moderation:
  // admins, and approved pastors of the request's assembly (the pastor caller's is Grace).
  'GET /api/prayer': [
    {
      label: 'each caller what they may read',
      request: () => ({ url: '/api/prayer' }),
      expect: signedIn(),
    },
  ],
  'POST /api/prayer': [
    {
      label: 'each caller their own',
      request: () => ({
        url: '/api/prayer',
        payload: { text: 'Pray for our harvest', visibility: 'church', anonymous: false },
      }),
      expect: signedIn(201),
    },
  ],
  'DELETE /api/prayer/:id': [
    {
      label: "the member's request",
      request: async (f, caller) => ({
        url: `/api/prayer/${caller === 'member' ? await f.newPrayer() : f.prayerId}`,
      }),
      expect: ownerOnly(204),
    },
  ],
  'POST /api/prayer/:id/prayed': [
    {
      label: "the member's request, approved, to the church",
      request: (f) => ({ url: `/api/prayer/${f.prayerId}/prayed` }),
      expect: signedIn(),
    },
    {
      label: "the member's request, held for moderation",
      request: (f) => ({ url: `/api/prayer/${f.heldPrayerId}/prayed` }),
      expect: signedIn(404),
    },
    {
      label: "a Grace member's request to their assembly",
      request: (f) => ({ url: `/api/prayer/${f.gracePrayerId}/prayed` }),
      expect: { ...signedIn(404), admin: 200, pastor: 200 },
    },
  ],
  'POST /api/prayer/:id/answer': [
    {
      label: "the member's request",
      request: (f) => ({
        url: `/api/prayer/${f.prayerId}/answer`,
        payload: { note: 'Answered, thank you' },
      }),
      expect: ownerOnly(),
    },
  ],
  'POST /api/prayer/:id/report': [
    {
      label: "the member's request, approved, to the church",
      request: async (f) => ({ url: `/api/prayer/${await f.newPrayer()}/report` }),
      expect: { ...signedIn(), member: 400 },
    },
    {
      label: "the member's request, held for moderation",
      request: (f) => ({ url: `/api/prayer/${f.heldPrayerId}/report` }),
      expect: signedIn(404),
    },
  ],
  'GET /api/prayer/moderation': [
    {
      label: 'each moderator their assemblies',
      request: () => ({ url: '/api/prayer/moderation' }),
      expect: { ...signedIn(403), admin: 200, pastor: 200 },
    },
  ],
  'POST /api/prayer/:id/decision': [
    {
      label: "the member's (Bethel) request, held",
      request: async (f) => ({
        url: `/api/prayer/${await f.newPrayer({ status: 'pending' })}/decision`,
        payload: { status: 'approved' },
      }),
      expect: { ...signedIn(403), admin: 200, pastor: 404 },
    },
    {
      label: "a Grace member's request, held",
      request: async (f) => ({
        url: `/api/prayer/${await f.newPrayer({ author: 'grace', status: 'pending' })}/decision`,
        payload: { status: 'approved' },
      }),
      expect: { ...signedIn(403), admin: 200, pastor: 200 },
    },
  ],

  // ------------------------------------------------------------ events (decision 037)
  // Anyone reads events and their calendar file; replies are each caller's own (guests by
  // phone); admins publish for any assembly, the Grace officer only for Grace.
  'GET /api/events': [{ request: () => ({ url: '/api/events' }), expect: publicRoute() }],
  'GET /api/events/:id': [
    { request: (f) => ({ url: `/api/events/${f.eventId}` }), expect: publicRoute() },
  ],
  'GET /api/events/:id/event.ics': [
    { request: (f) => ({ url: `/api/events/${f.eventId}/event.ics` }), expect: publicRoute() },
  ],
  'PUT /api/events/:id/rsvp': [
    {
      label: 'each caller their own reply',
      request: (f) => ({
        url: `/api/events/${f.eventId}/rsvp`,
        payload: { going: true, guests: 1, showName: false },
      }),
      expect: signedIn(),
    },
  ],
  'POST /api/events/:id/guest-rsvps': [
    {
      label: 'a phone of its own per caller',
      request: (f) => ({
        url: `/api/events/${f.eventId}/guest-rsvps`,
        payload: { name: 'Esi Guest', phone: freshPhone() },
      }),
      expect: publicRoute(201),
    },
  ],
  'GET /api/admin/events': [
    { request: () => ({ url: '/api/admin/events' }), expect: financeOnly() },
  ],
  'POST /api/admin/events': [
    {
      label: 'for Grace',
      request: () => ({ url: '/api/admin/events', payload: matrixEvent('grace') }),
      expect: financeOnly(201),
    },
    {
      label: 'for Bethel',
      request: () => ({ url: '/api/admin/events', payload: matrixEvent('bethel') }),
      expect: { ...financeOnly(201), officer: 403 },
    },
    {
      label: 'for all assemblies',
      request: () => ({ url: '/api/admin/events', payload: matrixEvent('') }),
      expect: { ...financeOnly(201), officer: 403 },
    },
  ],
  'DELETE /api/admin/events/:id': [
    {
      label: 'a Grace event',
      request: async (f) => ({ url: `/api/admin/events/${await f.newEvent('grace')}` }),
      expect: financeOnly(204),
    },
    {
      label: 'a Bethel event',
      request: async (f) => ({ url: `/api/admin/events/${await f.newEvent('bethel')}` }),
      expect: { ...financeOnly(204), officer: 403 },
    },
  ],
  'GET /api/admin/events/:id/rsvps.csv': [
    {
      label: 'a Grace event',
      request: (f) => ({ url: `/api/admin/events/${f.eventId}/rsvps.csv` }),
      expect: financeOnly(),
    },
    {
      label: 'a Bethel event',
      request: (f) => ({ url: `/api/admin/events/${f.bethelEventId}/rsvps.csv` }),
      expect: { ...financeOnly(), officer: 403 },
    },
  ],

  // ------------------------------------------------------------ pages (decision 027)
  // 'Continue as Guest' before the app: sets the guest cookie, which opens nothing.
  'GET /continue-as-guest': [
    { request: () => ({ url: '/continue-as-guest' }), expect: publicRoute(303) },
  ],

  // ------------------------------------------------------------ USSD gateways (issue 32)
  // Gateways hold no session: the guard is the gateway's secret (here USSD_SECRET; decision
  // 052: production has no route without one). What they answer depends only on the number;
  // what a number may cause is capped (ussd.limits.test.ts).
  'POST /api/ussd/africastalking': [
    {
      label: "the gateway (its secret), a session's first request",
      request: () => ({
        url: `/api/ussd/africastalking?secret=${MATRIX_USSD_SECRET}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `sessionId=matrix-${Math.random()}&phoneNumber=%2B233241234567&text=`,
      }),
      expect: publicRoute(200),
    },
    {
      label: 'without the gateway’s secret',
      request: () => ({
        url: '/api/ussd/africastalking',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `sessionId=matrix-${Math.random()}&phoneNumber=%2B233241234567&text=`,
      }),
      expect: publicRoute(403),
    },
  ],
  'POST /api/ussd/hubtel': [
    {
      label: 'the gateway (its secret), an initiation',
      request: () => ({
        url: `/api/ussd/hubtel?secret=${MATRIX_USSD_SECRET}`,
        payload: {
          SessionId: `matrix-${Math.random()}`,
          Type: 'initiation',
          Mobile: '233241234567',
          Sequence: 1,
          Message: '*713#',
        },
      }),
      expect: publicRoute(200),
    },
    {
      label: 'without the gateway’s secret',
      request: () => ({
        url: '/api/ussd/hubtel',
        payload: {
          SessionId: `matrix-${Math.random()}`,
          Type: 'initiation',
          Mobile: '233241234567',
          Sequence: 1,
          Message: '*713#',
        },
      }),
      expect: publicRoute(403),
    },
  ],

  // The phone simulator: a test tool; in production only this machine and admins
  // (ussd.test.ts), here (not production) open like the payment sandbox.
  'GET /sandbox/ussd': [
    {
      label: 'outside production',
      request: () => ({ url: '/sandbox/ussd' }),
      expect: publicRoute(200),
    },
  ],
  'POST /sandbox/ussd': [
    {
      label: 'outside production, a dial',
      request: () => ({
        url: '/sandbox/ussd',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'phone=%2B233241234567&network=MTN',
      }),
      expect: publicRoute(200),
    },
  ],

  // ------------------------------------------------------------ the dev mailbox (this machine only)
  'GET /dev/mailbox': [
    { label: 'from another machine', request: () => ({ url: '/dev/mailbox' }), expect: mailbox() },
  ],
  'GET /dev/mailbox/:id': [
    {
      label: 'from another machine, an unknown mail',
      request: () => ({ url: '/dev/mailbox/00000000-0000-4000-8000-000000000000' }),
      expect: mailbox(404),
    },
  ],
  'GET /dev/mailbox.json': [
    {
      label: 'from another machine',
      request: () => ({ url: '/dev/mailbox.json' }),
      expect: mailbox(),
    },
  ],
  // The dev outbox: SMS kept while no gateway is configured; the mailbox's readers.
  'GET /dev/outbox': [
    { label: 'from another machine', request: () => ({ url: '/dev/outbox' }), expect: mailbox() },
  ],
  'GET /dev/outbox.json': [
    {
      label: 'from another machine',
      request: () => ({ url: '/dev/outbox.json' }),
      expect: mailbox(),
    },
  ],
};

/** The matrix as a markdown table (docs/security.md). */
export function matrixTable(): string {
  const short: Record<Caller, string> = {
    anonymous: 'anon',
    guest: 'guest',
    member: 'member',
    other: 'other',
    admin: 'admin',
    officer: 'officer',
    pastor: 'pastor',
    applicant: 'applicant',
  };
  const lines = [
    `| Route | Case | ${CALLERS.map((c) => short[c]).join(' | ')} |`,
    `| --- | --- | ${CALLERS.map(() => '---').join(' | ')} |`,
  ];
  for (const [route, cases] of Object.entries(matrix)) {
    for (const c of cases) {
      const cells = CALLERS.map((caller) => {
        const status = c.expect[caller];
        return status < 400 ? `✅ ${status}` : `${status}`;
      });
      lines.push(`| \`${route}\` | ${c.label ?? ''} | ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

export const matrixCellCount = () =>
  Object.values(matrix).reduce((sum, cases) => sum + cases.length * CALLERS.length, 0);
