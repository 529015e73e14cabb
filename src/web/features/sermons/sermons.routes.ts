import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/** Anyone may watch (spec §6): no sign-in guard. */
export const sermonsRoutes: RouteObject[] = [
  {
    path: patterns.sermons,
    lazy: { Component: async () => (await import('./SermonsPage.tsx')).SermonsPage },
  },
  {
    path: patterns.sermon,
    lazy: { Component: async () => (await import('./SermonPage.tsx')).SermonPage },
  },
];
