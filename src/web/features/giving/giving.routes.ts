import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';

/** Signed-in only (member or guest): the router puts these inside RequireSignedIn. */
export const givingSignedInRoutes: RouteObject[] = [
  {
    path: patterns.offerings,
    lazy: { Component: async () => (await import('./OfferingsPage.tsx')).OfferingsPage },
  },
];

/**
 * The card provider's return page is open to anyone: the server answers for a gift only to
 * its owner (or, for a guest's gift, to whoever holds its unguessable reference).
 */
export const givingRoutes: RouteObject[] = [
  {
    path: patterns.cardCallback,
    lazy: { Component: async () => (await import('./CardCallbackPage.tsx')).CardCallbackPage },
  },
];
