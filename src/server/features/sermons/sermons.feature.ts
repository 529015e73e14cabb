import type { Feature } from '../../core/feature.ts';
import { sermonsRoutes } from './sermons.routes.ts';

// Sermons.
export const sermonsFeature = {
  name: 'sermons',
  routes: sermonsRoutes,
  matrix: () => import('./sermons.matrix.ts'),
} satisfies Feature;
