import type { Feature } from '../../core/feature.ts';
import { startGivingBackground } from './giving.background.ts';
import { givingRoutes } from './giving.routes.ts';

// Giving: gifts by card and mobile money, their webhooks and the payment sandbox.
export const givingFeature = {
  name: 'giving',
  routes: givingRoutes,
  start: startGivingBackground,
  matrix: () => import('./giving.matrix.ts'),
} satisfies Feature;
