import type { Feature } from '../core/feature.ts';

// Who may call what: the authorisation matrix, written once as data (issue 15, Build 1).
//
// security/authorization-matrix.test.ts builds the app, reads its route table and calls every route
// of the matrix as every kind of caller, asserting the status each cell names; a route missing
// there fails that test. `npm run security:doc` renders the table in docs/security.md.
//
// The rows live with their feature (issue 49): features/<name>/<name>.matrix.ts, named by the
// feature's manifest (<name>.feature.ts); composeMatrix puts them together in the order of
// features/index.ts, then the app's own routes (below). This file keeps what they share: the
// callers, the fixtures, the shorthands.
//
// Adding a route: add a key `METHOD /url` to its feature's rows (the url exactly as registered,
// `:params` and all) with one or more cases. Each case builds its request from the seeded
// fixtures (ids of the member's own records, helpers that make fresh records) and says, per
// caller, the status expected. The shorthands below cover the usual shapes; spread and override
// for the rest. Requests target the records of `member` unless a case says otherwise, so `other`
// is always "another member reaching for them".

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
    status?: 'pending' | 'approved' | 'rejected';
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

/** A Ghana mobile number no other call of the matrix uses (phone-first accounts). */
let phoneSeq = 1_000_000;
export const freshPhone = () => `+23324${phoneSeq++}`;

/** An event the matrix publishes (times far ahead, read as Ghana's = UTC). */
export const matrixEvent = (assembly: string) => ({
  title: 'Matrix event',
  assembly,
  startsAt: '2099-06-01T10:00',
  endsAt: '2099-06-01T12:00',
  place: 'Main hall',
});

/** The USSD gateways' shared secret (callersEnv, decision 052): called with and without it. */
export const MATRIX_USSD_SECRET = 'matrix-ussd-gateway-secret';

/** Route (`METHOD /url`) → its cases. */
export type MatrixRows = Record<string, MatrixCase[]>;

/** The app's own routes, outside the features: the files storage signs links to, and the pages. */
const appRows: MatrixRows = {
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

  // 'Continue as Guest' before the app: sets the guest cookie, which opens nothing.
  'GET /continue-as-guest': [
    { request: () => ({ url: '/continue-as-guest' }), expect: publicRoute(303) },
  ],
};

/**
 * The whole matrix: each feature's rows (its manifest's `matrix`), in the order of `features`
 * (features/index.ts), then the app's own. A route with rows in two places is an error.
 */
export async function composeMatrix(
  features: readonly Pick<Feature, 'name' | 'matrix'>[],
): Promise<MatrixRows> {
  const matrix: MatrixRows = {};
  const add = (owner: string, rows: MatrixRows) => {
    for (const [route, cases] of Object.entries(rows)) {
      if (route in matrix) throw new Error(`${route} has rows twice (again in ${owner})`);
      matrix[route] = cases;
    }
  };
  for (const feature of features) {
    if (feature.matrix) add(feature.name, (await feature.matrix()).rows as MatrixRows);
  }
  add('the app', appRows);
  return matrix;
}

/** The matrix as a markdown table (docs/security.md). */
export function matrixTable(matrix: MatrixRows): string {
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

export const matrixCellCount = (matrix: MatrixRows) =>
  Object.values(matrix).reduce((sum, cases) => sum + cases.length * CALLERS.length, 0);
