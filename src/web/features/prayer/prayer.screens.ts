import { patterns } from '../../paths.ts';
import type { Screen } from '../../routes.ts';

// The prayer wall (decision 036): moderators get a tab in it; guests are answered 401.
export const screens: Screen[] = [
  { pattern: patterns.prayer, page: 'features/prayer/PrayerPage.tsx', guard: 'signedIn' },
];
