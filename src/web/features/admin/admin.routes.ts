import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/**
 * Admin only (spec §2 /admin, §6): every screen sits inside RequireAdmin, which says
 * 'Verifying admin access...' and sends anyone else to /home. The server checks every
 * admin call on its own.
 */
export const adminRoutes: RouteObject[] = [
  {
    lazy: { Component: async () => (await import('./RequireAdmin.tsx')).RequireAdmin },
    children: [
      {
        path: patterns.admin,
        lazy: { Component: async () => (await import('./AdminPage.tsx')).AdminPage },
      },
      {
        path: patterns.adminApplications,
        lazy: {
          Component: async () =>
            (await import('./AdminApplicationsPage.tsx')).AdminApplicationsPage,
        },
      },
      {
        path: patterns.adminUsers,
        lazy: { Component: async () => (await import('./AdminUsersPage.tsx')).AdminUsersPage },
      },
      {
        path: patterns.adminSermons,
        lazy: {
          Component: async () => (await import('./AdminSermonsPage.tsx')).AdminSermonsPage,
        },
      },
      {
        path: patterns.adminDevotional,
        lazy: {
          Component: async () => (await import('./AdminDevotionalPage.tsx')).AdminDevotionalPage,
        },
      },
      {
        path: patterns.adminDevotionalWeek,
        lazy: {
          Component: async () =>
            (await import('./AdminDevotionalWeekPage.tsx')).AdminDevotionalWeekPage,
        },
      },
    ],
  },
];
