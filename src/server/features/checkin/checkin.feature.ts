import type { Feature } from '../../core/feature.ts';
import { checkinRoutes } from './checkin.routes.ts';

// Service check-in (issue 34, decision 039).
export const checkinFeature = {
  name: 'checkin',
  routes: checkinRoutes,
  matrix: () => import('./checkin.matrix.ts'),
} satisfies Feature;
