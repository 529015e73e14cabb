import { patterns } from '../../paths.ts';
import type { Screen } from '../../routes.ts';

// Admins (spec §2 /admin, §6): 'Verifying admin access...', anyone else to /home.
export const screens: Screen[] = [
  { pattern: patterns.admin, page: 'features/admin/AdminPage.tsx', guard: 'admin' },
  {
    pattern: patterns.adminApplications,
    page: 'features/admin/AdminApplicationsPage.tsx',
    guard: 'admin',
  },
  { pattern: patterns.adminUsers, page: 'features/admin/AdminUsersPage.tsx', guard: 'admin' },
  { pattern: patterns.adminSermons, page: 'features/admin/AdminSermonsPage.tsx', guard: 'admin' },
  {
    pattern: patterns.adminDevotional,
    page: 'features/admin/AdminDevotionalPage.tsx',
    guard: 'admin',
  },
  {
    pattern: patterns.adminDevotionalWeek,
    page: 'features/admin/AdminDevotionalWeekPage.tsx',
    guard: 'admin',
  },
];
