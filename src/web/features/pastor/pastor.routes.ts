import type { RouteObject } from 'react-router';
import { patterns } from '../../paths.ts';
import type { PastorPlaceholderHandle } from './PastorPlaceholderPage.tsx';

const placeholder = (
  path: string,
  placeholder: PastorPlaceholderHandle['placeholder'],
): RouteObject => ({
  path,
  handle: { placeholder } satisfies PastorPlaceholderHandle,
  lazy: {
    Component: async () => (await import('./PastorPlaceholderPage.tsx')).PastorPlaceholderPage,
  },
});

const comingSoon = (title: string) =>
  `${title} is coming soon. We are preparing it for you; please check back later.`;

/**
 * The pastor portal (spec §2 /pastor/*, issue 9): approved pastors only (RequirePastor; the
 * server checks every call on its own). The appointment page answers every signed-in member:
 * a letter, or 'still under review or not approved'.
 */
export const pastorRoutes: RouteObject[] = [
  {
    path: patterns.pastorAppointment,
    lazy: { Component: async () => (await import('./AppointmentPage.tsx')).AppointmentPage },
  },
  {
    lazy: { Component: async () => (await import('./RequirePastor.tsx')).RequirePastor },
    children: [
      {
        path: patterns.pastorAdminResources,
        lazy: {
          Component: async () => (await import('./AdminResourcesPage.tsx')).AdminResourcesPage,
        },
      },
      placeholder(patterns.pastorAccounts, {
        title: 'Accounts',
        text: 'Your monthly payslips will be available here. Please check back at the end of the month.',
        back: 'admin',
      }),
      placeholder(patterns.pastorInfoDesk, {
        title: 'Information Desk',
        text: 'Notices and information from the church leadership will appear here.',
        back: 'admin',
      }),
      placeholder(patterns.pastorCalendar, {
        title: 'Yearly Calendar',
        text: 'The church’s calendar for the year will appear here.',
        back: 'admin',
      }),
      {
        path: patterns.pastorMessages,
        lazy: { Component: async () => (await import('./MessagesPage.tsx')).MessagesPage },
      },
      {
        path: patterns.pastorMinistryResources,
        lazy: {
          Component: async () =>
            (await import('./MinistryResourcesPage.tsx')).MinistryResourcesPage,
        },
      },
      placeholder(patterns.pastorStudyMaterials, {
        title: 'Study Materials & Curriculum',
        text: comingSoon('Study Materials & Curriculum'),
        back: 'ministry',
      }),
      placeholder(patterns.pastorBibleTools, {
        title: 'Digital Bible Study Tools',
        text: comingSoon('Digital Bible Study Tools'),
        back: 'ministry',
      }),
      placeholder(patterns.pastorSermonArchive, {
        title: 'Sermon Archive & Transcripts',
        text: comingSoon('Sermon Archive & Transcripts'),
        back: 'ministry',
      }),
      placeholder(patterns.pastorResourceLinks, {
        title: 'Resource Links',
        text: comingSoon('Resource Links'),
        back: 'ministry',
      }),
    ],
  },
];
