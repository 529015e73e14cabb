import { patterns } from '../../paths.ts';
import type { Screen } from '../../routes.ts';

// Events (decision 037): open to anyone (guests reply by phone); publishing for finance
// officers (their assemblies) and admins.
export const screens: Screen[] = [
  { pattern: patterns.events, page: 'features/events/EventsPage.tsx' },
  { pattern: patterns.event, page: 'features/events/EventPage.tsx' },
  { pattern: patterns.adminEvents, page: 'features/events/AdminEventsPage.tsx', guard: 'finance' },
];
