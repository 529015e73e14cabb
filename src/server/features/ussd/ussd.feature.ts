import type { Feature } from '../../core/feature.ts';
import { ussdRoutes } from './ussd.routes.ts';

// USSD (issue 32): the gateways' callbacks and the phone simulator.
export const ussdFeature = {
  name: 'ussd',
  routes: ussdRoutes,
  matrix: () => import('./ussd.matrix.ts'),
} satisfies Feature;
