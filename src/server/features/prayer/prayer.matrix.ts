import { ownerOnly, signedIn, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of prayer, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; prayer.feature.ts names them).

export const rows: MatrixRows = {
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
  'POST /api/prayer/:id/restore': [
    {
      label: "the member's (Bethel) request, rejected",
      request: async (f) => ({
        url: `/api/prayer/${await f.newPrayer({ status: 'rejected' })}/restore`,
      }),
      expect: { ...signedIn(403), admin: 200, pastor: 404 },
    },
    {
      label: "a Grace member's request, rejected",
      request: async (f) => ({
        url: `/api/prayer/${await f.newPrayer({ author: 'grace', status: 'rejected' })}/restore`,
      }),
      expect: { ...signedIn(403), admin: 200, pastor: 200 },
    },
  ],
};
