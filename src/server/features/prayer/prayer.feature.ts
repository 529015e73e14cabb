import type { Feature } from '../../core/feature.ts';
import { prayerRoutes } from './prayer.routes.ts';

// The prayer wall (decision 036).
export const prayerFeature = {
  name: 'prayer',
  routes: prayerRoutes,
  matrix: () => import('./prayer.matrix.ts'),
} satisfies Feature;
