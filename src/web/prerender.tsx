import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { baseLocale, isLocale, overwriteGetLocale } from '../paraglide/runtime.js';
import type { Me } from '../shared/accounts.ts';
import type { ChurchInfo } from '../shared/schemas/church.ts';
import { Layout } from './Layout.tsx';
import { drawWithMe } from './core/useMe.ts';
import { seedChurch } from './core/useChurch.ts';
import { providePageAnswers } from './page-answers.ts';
import { apiPaths } from './paths.ts';
import { exportName, firstScreens, screens } from './routes.ts';

// The screens the route table marks `drawn`, drawn outside the browser so that a member sees
// one before the app's code has arrived (decision 027). Built by the build into a server
// bundle that the server draws with, from the answers its own API gives. The session is still
// being asked for in each, as on the app's own first render, unless the server knows nobody
// is signed in.

type Module = Record<string, ComponentType>;

/** The pages, each loaded the first time it is drawn. */
const pages = import.meta.glob<Module>('./features/*/*Page.tsx');

async function componentOf(module: string): Promise<ComponentType> {
  const load = pages[`./${module}`];
  const component = load && (await load())[exportName(module)];
  if (!component) throw new Error(`prerender: ${module} has no page ${exportName(module)}`);
  return component;
}

/**
 * Draws the screen of `pattern` in the app's layout from the church's answer and the answers
 * the server would give to its requests (GET /api/me's among them when the server knows it).
 */
export async function renderScreen(
  pattern: string,
  church: ChurchInfo,
  answers: Record<string, unknown>,
  language: string = baseLocale,
): Promise<string> {
  const screen = firstScreens[pattern]?.drawn && screens.find((row) => row.pattern === pattern);
  if (!screen) throw new Error(`prerender: ${pattern} is not drawn outside the browser`);
  const Page = await componentOf(screen.page);
  const queryClient = new QueryClient();
  function PageData() {
    return (
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    );
  }
  const page: RouteObject = { path: pattern, Component: Page };
  const routes: RouteObject[] = [
    {
      Component: Layout,
      children: [screen.noPageData ? page : { Component: PageData, children: [page] }],
    },
  ];
  const handler = createStaticHandler(routes);
  const pathname = pattern.replaceAll(/:\w+/g, '_');
  const context = await handler.query(new Request(`http://flock.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`prerender: ${pattern} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Right before the render, which nothing interrupts: the answers are this screen's alone.
  seedChurch(church);
  drawWithMe(answers[apiPaths.me] as Me | undefined);
  providePageAnswers(answers);
  // This bundle has every language (decision 043): the screen's texts in the page's.
  const locale = isLocale(language) ? language : baseLocale;
  overwriteGetLocale(() => locale);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}
