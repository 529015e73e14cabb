import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout.tsx';
import { RouteErrorPage } from './components/RouteErrorPage.tsx';
import { PageLoading } from './components/Spinner.tsx';
import { patterns } from './paths.ts';
import {
  exportName,
  guardModules,
  NOT_FOUND_PAGE,
  PAGE_DATA_MODULE,
  screenGroups,
  screens,
  type Guard,
  type Screen,
} from './routes.ts';

// The browser's router, made from the route table (routes.ts). Every screen, guard and the
// page data cache is `lazy`: its code is downloaded when it is first needed (decision 011).

type Module = Record<string, ComponentType>;

/**
 * Each module the table can name, as a loader of its own chunk (nothing loaded yet). A
 * feature few members open (admin, events, finance, pastor, workers) lists its own in
 * `<feature>.pages.ts`, fetched with its first screen: not in the entry every member downloads.
 */
const modules = import.meta.glob<Module>([
  './features/*/*Page.tsx',
  './features/accounts/RequireSignedIn.tsx',
  './PageData.tsx',
  './components/NotFoundPage.tsx',
  '!./features/{admin,checkin,events,finance,pastor,prayer,videos,workers}/**',
]);
const featurePages = import.meta.glob<{
  pages: Record<string, () => Promise<Module>>;
  screens: Screen[];
}>('./features/*/*.pages.ts');

/** The loader of a module under src/web (`features/home/HomePage.tsx`). */
function loaderOf(module: string): () => Promise<Module> {
  const own = modules[`./${module}`];
  if (own) return own;
  const [, feature, file] = /^features\/([^/]+)\/(.+)$/.exec(module) ?? [];
  const pages = featurePages[`./features/${feature}/${feature}.pages.ts`];
  if (!pages) throw new Error(`routes.ts names ${module}, which is not a page, guard or PageData`);
  return async () => {
    const load = (await pages()).pages[`./${file}`];
    if (!load)
      throw new Error(`routes.ts names ${module}, which ${feature}.pages.ts does not list`);
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
 * Adds the rows of the screen groups an address may belong to (routes.ts `screenGroups`)
 * before React Router matches it. Asked for every address only the 'Page not found' row or a
 * row with parameters matches, and once a group is in, its rows match without asking.
 */
export const discoverScreens: NonNullable<
  Parameters<typeof createBrowserRouter>[1]
>['patchRoutesOnNavigation'] = async ({ path, patch }) => {
  const segment = path.split('/')[1] ?? '';
  const groups = Object.keys(screenGroups).filter((group) =>
    screenGroups[group]?.includes(segment),
  );
  for (const group of groups) {
    const load = featurePages[`./features/${group}/${group}.pages.ts`];
    if (!load)
      throw new Error(`routes.ts names the group ${group}, which has no ${group}.pages.ts`);
    patch(PAGE_DATA_ROUTE, guarded((await load()).screens, group));
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
