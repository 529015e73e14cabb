import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout.tsx';
import { RouteErrorPage } from './components/RouteErrorPage.tsx';
import { PageLoading } from './components/Spinner.tsx';
import { patterns } from './paths.ts';
import {
  exportName,
  guardModules,
  NOT_FOUND_PAGE,
  PAGE_DATA_MODULE,
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
  '!./features/{admin,events,finance,pastor,workers}/**',
]);
const featurePages = import.meta.glob<{ pages: Record<string, () => Promise<Module>> }>(
  './features/*/*.pages.ts',
);

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

/** Screens in their guard's element (one per guard), then the unguarded ones. */
function guarded(list: Screen[]): RouteObject[] {
  const guards = [...new Set(list.map((screen) => screen.guard))];
  return guards.flatMap((guard: Guard | undefined) => {
    const children = list.filter((screen) => screen.guard === guard).map(screenRoute);
    return guard ? [{ lazy: lazyComponent(guardModules[guard]), children }] : children;
  });
}

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
export const createRouter = () => createBrowserRouter(routes);
