import type { Feature } from '../../core/feature.ts';
import { churchRoutes } from './church.routes.ts';

// The church: its name, colours, assemblies and bank details for the app.
export const churchFeature = {
  name: 'church',
  routes: churchRoutes,
  matrix: () => import('./church.matrix.ts'),
} satisfies Feature;
