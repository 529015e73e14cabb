import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/**
 * The workers' side (spec §2): no sign-in guard at route level — the pages themselves send a
 * visitor to /auth where they must (the portal), and applying says 'You must be logged in to
 * apply.' The server checks every call.
 */
export const workersRoutes: RouteObject[] = [
  {
    path: patterns.workersGate,
    lazy: { Component: async () => (await import('./WorkersGatePage.tsx')).WorkersGatePage },
  },
  {
    path: patterns.workers,
    lazy: { Component: async () => (await import('./WorkersPage.tsx')).WorkersPage },
  },
  {
    path: patterns.roleChooser,
    lazy: { Component: async () => (await import('./RoleChooserPage.tsx')).RoleChooserPage },
  },
  {
    path: patterns.apply,
    lazy: { Component: async () => (await import('./ApplyPage.tsx')).ApplyPage },
  },
];
