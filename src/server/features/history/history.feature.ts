import type { Feature } from '../../core/feature.ts';
import { historyRoutes } from './history.routes.ts';

// A member's giving history, receipts and statements.
export const historyFeature = {
  name: 'history',
  routes: historyRoutes,
  matrix: () => import('./history.matrix.ts'),
} satisfies Feature;
