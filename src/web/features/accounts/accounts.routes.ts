import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

const authPage = { Component: async () => (await import('./AuthPage.tsx')).AuthPage };

export const accountsRoutes: RouteObject[] = [
  // DESIGN.md: / shows the Login / Sign Up screen, the same screen as /auth.
  { path: patterns.home, lazy: authPage },
  { path: patterns.auth, lazy: authPage },
  {
    path: patterns.forgotPassword,
    lazy: {
      Component: async () => (await import('./ForgotPasswordPage.tsx')).ForgotPasswordPage,
    },
  },
  {
    path: patterns.resetPassword,
    lazy: {
      Component: async () => (await import('./ResetPasswordPage.tsx')).ResetPasswordPage,
    },
  },
];
