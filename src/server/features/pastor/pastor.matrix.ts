import { pastorOnly, signedIn, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of pastor, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; pastor.feature.ts names them).

export const rows: MatrixRows = {
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
};
