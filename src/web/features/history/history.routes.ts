import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/** Signed-in only (spec §2: otherwise /auth): the router puts these inside RequireSignedIn. */
export const historySignedInRoutes: RouteObject[] = [
  {
    path: patterns.paymentHistory,
    lazy: { Component: async () => (await import('./HistoryPage.tsx')).HistoryPage },
  },
];
