import type { Feature } from '../../core/feature.ts';
import { pledgesRoutes } from './pledges.routes.ts';
import { sendDuePledgeReminders } from './reminders.ts';

const PLEDGE_REMINDERS = 'pledges.reminders';

// Pledges and campaigns (issue 33, decision 035).
export const pledgesFeature = {
  name: 'pledges',
  routes: pledgesRoutes,
  jobs: (ctx) => ({
    // Each reminder is sent once by its own row (reminders.ts); the round only wakes it.
    [PLEDGE_REMINDERS]: async () => {
      const { failed } = await sendDuePledgeReminders(ctx, ctx.now());
      if (failed > 0) throw new Error(`${failed} pledge reminders could not be sent`);
    },
  }),
  // The day's pledge-reminder round: once a day, at 08:00 Ghana time (UTC).
  daily: (day) => [
    {
      kind: PLEDGE_REMINDERS,
      key: `pledges:reminders:${day}`,
      runAt: new Date(`${day}T08:00:00Z`),
    },
  ],
  matrix: () => import('./pledges.matrix.ts'),
} satisfies Feature;
