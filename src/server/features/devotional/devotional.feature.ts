import type { Feature } from '../../core/feature.ts';
import { devotionalRoutes } from './devotional.routes.ts';

// The devotional: weeks and days, read by all, written by admins.
export const devotionalFeature = {
  name: 'devotional',
  routes: devotionalRoutes,
  matrix: () => import('./devotional.matrix.ts'),
} satisfies Feature;
