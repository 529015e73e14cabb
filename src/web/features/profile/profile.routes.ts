import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/** Signed-in only (member or guest): the router puts these inside RequireSignedIn. */
export const profileSignedInRoutes: RouteObject[] = [
  {
    path: patterns.profile,
    lazy: { Component: async () => (await import('./ProfilePage.tsx')).ProfilePage },
  },
];
