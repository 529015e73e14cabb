import { patterns } from '../../paths.ts';
import type { Screen } from '../../routes.ts';

// Service check-in (issue 34): a member's screen, usher mode and the entrance screen (the
// server tells apart who may use the last two), and the admins' services and attendance.
export const screens: Screen[] = [
  { pattern: patterns.checkin, page: 'features/checkin/CheckinPage.tsx', guard: 'signedIn' },
  { pattern: patterns.checkinUsher, page: 'features/checkin/UsherPage.tsx', guard: 'signedIn' },
  {
    pattern: patterns.checkinScreen,
    page: 'features/checkin/EntranceScreenPage.tsx',
    guard: 'signedIn',
  },
  { pattern: patterns.adminCheckin, page: 'features/checkin/AdminCheckinPage.tsx', guard: 'admin' },
];
