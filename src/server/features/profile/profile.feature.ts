import type { Feature } from '../../core/feature.ts';
import { profileRoutes } from './profile.routes.ts';

// A member's profile, password and language.
export const profileFeature = {
  name: 'profile',
  routes: profileRoutes,
  matrix: () => import('./profile.matrix.ts'),
} satisfies Feature;
