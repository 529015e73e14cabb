// The video library's API paths (decision 027: a feature's own, not in the shell).

const enc = encodeURIComponent;

export const videosApiPaths = {
  videos: '/api/videos',
  playlists: '/api/admin/videos/playlists',
  playlistOrder: '/api/admin/videos/playlists/order',
  playlist: (id: string) => `/api/admin/videos/playlists/${enc(id)}`,
  playlistVideos: (id: string) => `/api/admin/videos/playlists/${enc(id)}/videos`,
  playlistVideoOrder: (id: string) => `/api/admin/videos/playlists/${enc(id)}/videos/order`,
  video: (id: string) => `/api/admin/videos/${enc(id)}`,
} as const;
