import { patterns } from '../../paths.ts';
import type { Screen } from '../../routes.ts';

// The workers' side (spec §2): no sign-in guard at route level — the portal sends a visitor
// to /auth itself, and applying says 'You must be logged in to apply.'
export const screens: Screen[] = [
  { pattern: patterns.workersGate, page: 'features/workers/WorkersGatePage.tsx' },
  { pattern: patterns.workers, page: 'features/workers/WorkersPage.tsx' },
  { pattern: patterns.roleChooser, page: 'features/workers/RoleChooserPage.tsx' },
  { pattern: patterns.apply, page: 'features/workers/ApplyPage.tsx' },
];
