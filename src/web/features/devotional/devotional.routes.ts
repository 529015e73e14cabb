import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/** Anyone may read (spec §6): no sign-in guard. */
export const devotionalRoutes: RouteObject[] = [
  {
    path: patterns.devotional,
    lazy: { Component: async () => (await import('./DevotionalPage.tsx')).DevotionalPage },
  },
  {
    path: patterns.devotionalWeek,
    lazy: {
      Component: async () => (await import('./DevotionalWeekPage.tsx')).DevotionalWeekPage,
    },
  },
  {
    path: patterns.devotionalDay,
    lazy: { Component: async () => (await import('./DevotionalDayPage.tsx')).DevotionalDayPage },
  },
];
