import type { Feature } from '../../core/feature.ts';
import { videosRoutes } from './videos.routes.ts';

// The video library (decision 040).
export const videosFeature = {
  name: 'videos',
  routes: videosRoutes,
  matrix: () => import('./videos.matrix.ts'),
} satisfies Feature;
