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
import type { Me } from '../shared/accounts.ts';
import type { ChurchInfo } from '../shared/schemas/church.ts';
import { PRERENDER_TOKENS } from '../shared/prerender.ts';
import { Layout } from './components/Layout.tsx';
import { AuthPage } from './features/accounts/AuthPage.tsx';
import { drawWithMe } from './features/accounts/useMe.ts';
import { seedChurch } from './features/church/useChurch.ts';
import { DevotionalPage } from './features/devotional/DevotionalPage.tsx';
import { OfferingsPage } from './features/giving/OfferingsPage.tsx';
import { HomePage } from './features/home/HomePage.tsx';
import { SermonsPage } from './features/sermons/SermonsPage.tsx';
import { providePageAnswers } from './page-answers.ts';
import { apiPaths, paths, patterns } from './paths.ts';

// Screens as the app first draws them, drawn outside the browser so that a new member sees
// one before the app's code has arrived (decisions 022 and 023). The session is still being
// asked for in each, as on the app's own first render.

/**
 * Draws `pathname` inside the app's layout (the screen's own route, not the app's lazy one).
 * `seed` gives the screen its answers right before the render, which nothing interrupts.
 */
async function draw(pathname: string, screen: RouteObject, seed: () => void): Promise<string> {
  const handler = createStaticHandler([{ Component: Layout, children: [screen] }]);
  const context = await handler.query(new Request(`http://flock.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  seed();
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}

/** The login screen, drawn once by the build with tokens the server fills in (022). */
export function renderLoginScreen(): Promise<string> {
  return draw(paths.auth, { path: paths.auth, Component: AuthPage }, () =>
    seedChurch({
      productName: PRERENDER_TOKENS.productName,
      churchName: PRERENDER_TOKENS.churchName,
      logoUrl: PRERENDER_TOKENS.logoUrl,
    } as ChurchInfo),
  );
}

/** A screen the server draws (023). */
export interface DrawnScreen {
  /** The API paths of the answers it is drawn from, besides the church's branding. */
  answers: string[];
  /** Only for a request that says it is signed in (a session or the guest cookie). */
  signedIn?: boolean;
  Component: ComponentType;
}

/**
 * The screens the server draws, on each new version of their answers (023): the public
 * content lists, and the first screens of a signed-in member or guest, which show nothing of
 * the member's own before the session has answered.
 */
export const drawnScreens: Record<string, DrawnScreen> = {
  [patterns.sermons]: { answers: [apiPaths.sermons], Component: SermonsPage },
  [patterns.devotional]: { answers: [apiPaths.devotionalWeeks], Component: DevotionalPage },
  [patterns.memberHome]: { answers: [], signedIn: true, Component: HomePage },
  [patterns.offerings]: { answers: [], signedIn: true, Component: OfferingsPage },
};

/**
 * One of `drawnScreens`, from the answers the server would give to its requests; with
 * GET /api/me's among them when the server knows it (nobody signed in), else as still asked for.
 */
export function renderScreen(
  pattern: string,
  church: ChurchInfo,
  answers: Record<string, unknown>,
): Promise<string> {
  const screen = drawnScreens[pattern];
  if (!screen) throw new Error(`prerender: ${pattern} is not drawn outside the browser`);
  const queryClient = new QueryClient();
  function PageData() {
    return (
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    );
  }
  const route = { Component: PageData, children: [{ path: pattern, Component: screen.Component }] };
  return draw(pattern, route, () => {
    seedChurch(church);
    drawWithMe(answers[apiPaths.me] as Me | undefined);
    providePageAnswers(answers);
  });
}
