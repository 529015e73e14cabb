import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout.tsx';
import { RouteErrorPage } from './components/RouteErrorPage.tsx';
import { PageLoading } from './components/Spinner.tsx';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { devotionalRoutes } from './features/devotional/devotional.routes.ts';
import { givingRoutes, givingSignedInRoutes } from './features/giving/giving.routes.ts';
import { historySignedInRoutes } from './features/history/history.routes.ts';
import { homeSignedInRoutes } from './features/home/home.routes.ts';
import { profileSignedInRoutes } from './features/profile/profile.routes.ts';
import { sermonsRoutes } from './features/sermons/sermons.routes.ts';
import { patterns } from './paths.ts';

// Each feature exports its own route list (features/<feature>/<feature>.routes.ts) and every
// page in it is `lazy`, so a page's code is downloaded only when it is visited.

/** Public screens with page data (under the page data cache, below). */
const publicRoutes: RouteObject[] = [...givingRoutes, ...sermonsRoutes, ...devotionalRoutes];

/**
 * Areas few members open (admins now; pastors, workers and finance next): their route lists
 * come with the first visit there (React Router's patchRoutesOnNavigation), not in the entry
 * every member downloads (decision 011).
 */
const under =
  (...prefixes: string[]) =>
  (path: string) =>
    prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

const lazyAreas: {
  matches: (path: string) => boolean;
  routes: () => Promise<RouteObject[]>;
  added?: boolean;
}[] = [
  {
    // Before the admin area: /admin/reports and /admin/finance/… are the finance desk's.
    matches: under(patterns.financeDesk, patterns.adminReports, '/admin/finance'),
    routes: async () => (await import('./features/finance/finance.routes.ts')).financeRoutes,
  },
  {
    matches: under(patterns.admin),
    routes: async () => (await import('./features/admin/admin.routes.ts')).adminRoutes,
  },
  {
    matches: under('/pastor'),
    routes: async () => (await import('./features/pastor/pastor.routes.ts')).pastorRoutes,
  },
  {
    matches: under(patterns.workersGate, patterns.workers, patterns.roleChooser, '/apply'),
    routes: async () => (await import('./features/workers/workers.routes.ts')).workersRoutes,
  },
];

/**
 * The route that holds every screen with page data (TanStack Query, loaded with the first of
 * them: the login screen does without it); lazy areas are added to it.
 */
const PAGES_ROUTE_ID = 'pages';

/** Spec §2: signed-in only (a session user or the guest flag), otherwise /auth. */
const signedInRoutes: RouteObject[] = [
  ...homeSignedInRoutes,
  ...profileSignedInRoutes,
  ...givingSignedInRoutes,
  ...historySignedInRoutes,
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Only if the layout itself fails; page errors stay inside it (below).
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          // Login, sign-up and passwords: the church's branding and the session are all the
          // data they show.
          ...accountsRoutes,
          {
            id: PAGES_ROUTE_ID,
            lazy: { Component: async () => (await import('./PageData.tsx')).PageData },
            children: [
              ...publicRoutes,
              {
                // Only signed-in screens need the guard: it is not part of the entry.
                lazy: {
                  Component: async () =>
                    (await import('./features/accounts/RequireSignedIn.tsx')).RequireSignedIn,
                },
                children: signedInRoutes,
              },
            ],
          },
          {
            path: patterns.notFound,
            lazy: {
              Component: async () => (await import('./components/NotFoundPage.tsx')).NotFoundPage,
            },
          },
        ],
      },
    ],
  },
];

/**
 * The app's router. Created when the app starts rather than as this module loads: creating it
 * reads the address, storage and the routes, a task of its own (main.tsx).
 */
export const createRouter = () =>
  createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      const area = lazyAreas.find(({ matches }) => matches(path));
      if (!area || area.added) return;
      patch(PAGES_ROUTE_ID, await area.routes());
      area.added = true;
    },
  });
