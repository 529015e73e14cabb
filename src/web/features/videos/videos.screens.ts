import { patterns } from '../../paths.ts';
import type { Screen } from '../../routes.ts';

// The video library (decision 040): anyone watches; admins edit the playlists.
export const screens: Screen[] = [
  { pattern: patterns.videos, page: 'features/videos/VideosPage.tsx' },
  { pattern: patterns.adminVideos, page: 'features/videos/AdminVideosPage.tsx', guard: 'admin' },
];
