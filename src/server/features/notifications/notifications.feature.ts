import type { Feature } from '../../core/feature.ts';
import { notificationJobHandlers } from '../../core/notify.ts';
import { notificationRoutes } from './notifications.routes.ts';

// Notification settings and devices (decision 041); the sending is core/notify.ts.
export const notificationsFeature = {
  name: 'notifications',
  routes: notificationRoutes,
  jobs: notificationJobHandlers,
  matrix: () => import('./notifications.matrix.ts'),
} satisfies Feature;
