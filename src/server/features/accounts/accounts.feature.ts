import type { Feature } from '../../core/feature.ts';
import { applyAdminEmails } from './accounts.service.ts';
import { accountsRoutes } from './accounts.routes.ts';

// Accounts: sign-up and sign-in (email or phone), /api/me, the admins' list of members.
export const accountsFeature = {
  name: 'accounts',
  routes: accountsRoutes,
  // ADMIN_EMAILS at start: the accounts that exist become admins.
  start: async (app, ctx) => {
    const admins = await applyAdminEmails(ctx, ctx.config.adminEmails);
    if (admins > 0) app.log.info({ admins }, 'ADMIN_EMAILS applied');
  },
  matrix: () => import('./accounts.matrix.ts'),
} satisfies Feature;
