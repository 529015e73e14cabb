import { adminOnly, publicRoute, type MatrixRows } from '../../testing/authorization-matrix.ts';

// Who may call each route of videos, and the status each kind of caller gets: its rows of the
// authorisation matrix (testing/authorization-matrix.ts; videos.feature.ts names them).

export const rows: MatrixRows = {
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
};
