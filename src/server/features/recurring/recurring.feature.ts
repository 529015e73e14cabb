import type { Feature } from '../../core/feature.ts';
import { recurringJobHandlers } from './due-days.ts';
import { recurringRoutes } from './recurring.routes.ts';

// Recurring gifts (issue 33, decision 034).
export const recurringFeature = {
  name: 'recurring',
  routes: recurringRoutes,
  jobs: recurringJobHandlers,
  matrix: () => import('./recurring.matrix.ts'),
} satisfies Feature;
