import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/** Signed-in only: the router puts these inside RequireSignedIn. */
export const homeSignedInRoutes: RouteObject[] = [
  {
    path: patterns.memberHome,
    lazy: { Component: async () => (await import('./HomePage.tsx')).HomePage },
  },
];
