import type { Feature } from '../../core/feature.ts';
import { supportRoutes } from './support.routes.ts';

// Support requests.
export const supportFeature = {
  name: 'support',
  routes: supportRoutes,
  matrix: () => import('./support.matrix.ts'),
} satisfies Feature;
