import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout.tsx';
import { RouteErrorPage } from './components/RouteErrorPage.tsx';
import { PageLoading } from './components/Spinner.tsx';
import { patterns } from './paths.ts';
import { groups, shellModules } from 'virtual:screens';
import {
  exportName,
  guardModules,
  NOT_FOUND_PAGE,
  PAGE_DATA_MODULE,
  screens,
  type Guard,
  type Screen,
} from './routes.ts';

// The browser's router, made from the route table (routes.ts) and the screen groups found in
// the features' folders (`virtual:screens`, scripts/find-screens.ts). Every screen, guard and
// the page data cache is `lazy`: its code is downloaded when it is first needed (decision 011).
// A feature few members open lists its own pages in `<feature>.pages.ts`, fetched with its
// first screen: not in the entry every member downloads (decision 038).

type Module = Record<string, ComponentType>;

/** The loader of a module under src/web (`features/home/HomePage.tsx`). */
function loaderOf(module: string): () => Promise<Module> {
  const own = shellModules[module];
  if (own) return own;
  const [, feature, file] = /^features\/([^/]+)\/(.+)$/.exec(module) ?? [];
  const group = feature ? groups[feature] : undefined;
  if (!group) throw new Error(`routes.ts names ${module}, which is not a page, guard or PageData`);
  return async () => {
    const load = (await group.load()).pages[`./${file}`];
    if (!load) throw new Error(`${module} is not a page or guard of ${feature}.pages.ts`);
    return load();
  };
}

/**
 * A route's lazy Component. A new object each time: React Router clears what it has loaded
 * from the route's `lazy` object, so two routes sharing one left the second without a screen
 * (/ showed 'Page not found' after /auth had been visited, issue 29).
 */
export function lazyComponent(module: string): NonNullable<RouteObject['lazy']> {
  const load = loaderOf(module);
  const name = exportName(module);
  return { Component: async () => (await load())[name] };
}

const screenRoute = (screen: Screen): RouteObject => ({
  // Its id is its pattern: a page serving several routes knows which (PastorPlaceholderPage).
  id: screen.pattern,
  path: screen.pattern,
  lazy: lazyComponent(screen.page),
});

/**
 * Screens in their guard's element (one per guard), then the unguarded ones. A group's guard
 * elements have ids of their own, so that fetching the group twice adds nothing twice.
 */
function guarded(list: Screen[], group = ''): RouteObject[] {
  const guards = [...new Set(list.map((screen) => screen.guard))];
  return guards.flatMap((guard: Guard | undefined) => {
    const children = list.filter((screen) => screen.guard === guard).map(screenRoute);
    return guard
      ? [{ id: `${group}:${guard}`, lazy: lazyComponent(guardModules[guard]), children }]
      : children;
  });
}

/** The page data element's id: a group's screens are added under it. */
const PAGE_DATA_ROUTE = 'page-data';

/**
 * Adds the rows of the screen groups an address may belong to (by its first segment) before
 * React Router matches it. Asked for every address only the 'Page not found' row or a row with
 * parameters matches, and once a group is in, its rows match without asking.
 */
export const discoverScreens: NonNullable<
  Parameters<typeof createBrowserRouter>[1]
>['patchRoutesOnNavigation'] = async ({ path, patch }) => {
  const segment = path.split('/')[1] ?? '';
  for (const [name, group] of Object.entries(groups)) {
    if (group.segments.includes(segment)) {
      patch(PAGE_DATA_ROUTE, guarded((await group.load()).screens, name));
    }
  }
};

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
          // data they show, so they come without the page data cache (decision 011).
          ...guarded(screens.filter((screen) => screen.noPageData)),
          {
            id: PAGE_DATA_ROUTE,
            lazy: lazyComponent(PAGE_DATA_MODULE),
            children: guarded(screens.filter((screen) => !screen.noPageData)),
          },
          { path: patterns.notFound, lazy: lazyComponent(NOT_FOUND_PAGE) },
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
  createBrowserRouter(routes, { patchRoutesOnNavigation: discoverScreens });
