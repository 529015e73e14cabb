import type { Feature } from '../../core/feature.ts';
import { workersRoutes } from './workers.routes.ts';

// Workers: the gate, applications and their review.
export const workersFeature = {
  name: 'workers',
  routes: workersRoutes,
  matrix: () => import('./workers.matrix.ts'),
} satisfies Feature;
