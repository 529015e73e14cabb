import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ChurchInfo } from '../shared/schemas/church.ts';
import { PRERENDER_TOKENS } from '../shared/prerender.ts';
import { Layout } from './components/Layout.tsx';
import { AuthPage } from './features/accounts/AuthPage.tsx';
import { seedChurch } from './features/church/useChurch.ts';
import { paths } from './paths.ts';

// The login screen as the app first draws it, rendered once at build time (vite.config.ts)
// for the server to put in /auth's page (decision 022): a new member sees it before the app's
// code has arrived. The church's branding is a token the server fills in; the session is still
// being asked for, as on the app's own first render.

export async function renderLoginScreen(): Promise<string> {
  seedChurch({
    productName: PRERENDER_TOKENS.productName,
    churchName: PRERENDER_TOKENS.churchName,
    logoUrl: PRERENDER_TOKENS.logoUrl,
  } as ChurchInfo);
  const handler = createStaticHandler([
    { Component: Layout, children: [{ path: paths.auth, Component: AuthPage }] },
  ]);
  const context = await handler.query(new Request(`http://flock.invalid${paths.auth}`));
  if (context instanceof Response) throw new Error(`prerender: ${paths.auth} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}
