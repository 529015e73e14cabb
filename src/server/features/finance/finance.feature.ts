import type { Feature } from '../../core/feature.ts';
import { financeRoutes } from './finance.routes.ts';

// The finance desk: cash, bank matching, reports, officers and the audit trail.
export const financeFeature = {
  name: 'finance',
  routes: financeRoutes,
  matrix: () => import('./finance.matrix.ts'),
} satisfies Feature;
