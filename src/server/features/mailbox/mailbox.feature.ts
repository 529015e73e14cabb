import type { Feature } from '../../core/feature.ts';
import { mailboxRoutes } from './mailbox.routes.ts';

// The dev mailbox and outbox (mail and SMS kept while no gateway is configured).
export const mailboxFeature = {
  name: 'mailbox',
  routes: mailboxRoutes,
  matrix: () => import('./mailbox.matrix.ts'),
} satisfies Feature;
