import { screens as adminScreens } from './features/admin/admin.screens.ts';
import { screens as checkinScreens } from './features/checkin/checkin.screens.ts';
import { screens as eventsScreens } from './features/events/events.screens.ts';
import { screens as financeScreens } from './features/finance/finance.screens.ts';
import { screens as pastorScreens } from './features/pastor/pastor.screens.ts';
import { screens as prayerScreens } from './features/prayer/prayer.screens.ts';
import { screens as workersScreens } from './features/workers/workers.screens.ts';
import { screens, type Screen } from './routes.ts';
import { screens as videosScreens } from './features/videos/videos.screens.ts';

/**
 * Every screen of the app: the shell's and each group's, by group (routes.ts `screenGroups`).
 * For the build and the tests; the browser's router fetches a group's when it is first visited.
 */
export const groupScreens: Record<string, Screen[]> = {
  admin: adminScreens,
  finance: financeScreens,
  pastor: pastorScreens,
  workers: workersScreens,
  checkin: checkinScreens,
  prayer: prayerScreens,
  events: eventsScreens,
  videos: videosScreens,
};

export const allScreens: Screen[] = [...screens, ...Object.values(groupScreens).flat()];
