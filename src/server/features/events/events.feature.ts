import type { Feature } from '../../core/feature.ts';
import { eventJobHandlers } from './reminders.ts';
import { eventsRoutes } from './events.routes.ts';

// Events (decision 037): replies, calendar files, reminders.
export const eventsFeature = {
  name: 'events',
  routes: eventsRoutes,
  jobs: eventJobHandlers,
  matrix: () => import('./events.matrix.ts'),
} satisfies Feature;
