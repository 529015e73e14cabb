import { patterns } from '../../paths.ts';
import type { Screen } from '../../routes.ts';

/** The portal's screens still to come: one page says which, by its pattern. */
const placeholder = (pattern: string): Screen => ({
  pattern,
  page: 'features/pastor/PastorPlaceholderPage.tsx',
  guard: 'pastor',
});

// The pastor portal (spec §2 /pastor/*, issue 9): approved pastors only. The appointment
// page answers every signed-in member: a letter, or 'still under review or not approved'.
export const screens: Screen[] = [
  { pattern: patterns.pastorAppointment, page: 'features/pastor/AppointmentPage.tsx' },
  {
    pattern: patterns.pastorAdminResources,
    page: 'features/pastor/ResourcesPage.tsx',
    guard: 'pastor',
  },
  { pattern: patterns.pastorMessages, page: 'features/pastor/MessagesPage.tsx', guard: 'pastor' },
  {
    pattern: patterns.pastorMinistryResources,
    page: 'features/pastor/ResourcesPage.tsx',
    guard: 'pastor',
  },
  placeholder(patterns.pastorAccounts),
  placeholder(patterns.pastorInfoDesk),
  placeholder(patterns.pastorCalendar),
  placeholder(patterns.pastorStudyMaterials),
  placeholder(patterns.pastorBibleTools),
  placeholder(patterns.pastorSermonArchive),
  placeholder(patterns.pastorResourceLinks),
];
