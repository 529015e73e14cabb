import type { Feature } from '../../core/feature.ts';
import { healthRoutes } from './health.routes.ts';

// Liveness and readiness.
export const healthFeature = {
  name: 'health',
  order: -1,
  routes: healthRoutes,
  matrix: () => import('./health.matrix.ts'),
} satisfies Feature;
