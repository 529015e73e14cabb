import { generatePath } from 'react-router';
import { CARD_CALLBACK_PATH } from '../shared/pages.ts';

// Where the screens' URLs are spelled (STYLE.md). Route definitions use `patterns`; links,
// redirects and navigation use `paths`, which fill the parameters in (and encode them).
// Spec §2 is the source of every route here. API paths: the shell's here, a feature's in its
// own `<feature>.paths.ts`.

export const patterns = {
  home: '/',
  auth: '/auth',
  /** Log in, sign up and reset the password with a phone instead of an email (issue 32). */
  phoneAuth: '/auth/phone',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The signed-in home screen with the feature grid (spec calls it "Home (/home)"). */
  memberHome: '/home',
  offerings: '/offerings',
  /** Recurring gifts (issue 33): a member's standing tithe or offering. */
  recurring: '/giving/recurring',
  /** A member's pledges and their progress (issue 33). */
  pledges: '/giving/pledges',
  /** The card provider sends the member back here (the server builds the same URL). */
  cardCallback: CARD_CALLBACK_PATH,
  paymentHistory: '/payment-history',
  /** The prayer wall, its moderation inside it (decision 036). */
  prayer: '/prayer',
  profile: '/profile',
  sermons: '/sermons',
  sermon: '/sermons/:id',
  devotional: '/devotional',
  devotionalWeek: '/devotional/week/:weekId',
  devotionalDay: '/devotional/week/:weekId/day/:dayId',
  workersGate: '/workers-gate',
  workers: '/workers',
  roleChooser: '/role-chooser',
  apply: '/apply/:roleId',
  admin: '/admin',
  adminApplications: '/admin/applications',
  /** Registered Users (the dashboard's card): members, searchable, a page at a time. */
  adminUsers: '/admin/users',
  /** Content admin (issue 4, beyond the spec): sermons and devotional weeks and days. */
  adminSermons: '/admin/sermons',
  adminDevotional: '/admin/devotional',
  adminDevotionalWeek: '/admin/devotional/week/:weekId',
  /** Finance desk (issue 12, beyond the spec): officers and admins. */
  financeDesk: '/finance',
  financeCash: '/finance/cash',
  financeBank: '/finance/bank',
  /** The dashboard's Reports card; finance officers see their assemblies. */
  adminReports: '/admin/reports',
  adminFinanceOfficers: '/admin/finance/officers',
  adminFinanceAudit: '/admin/finance/audit',
  /** Campaigns (issue 33): admins define them; officers and admins read pledged vs given. */
  adminCampaigns: '/admin/campaigns',
  /** Service check-in (issue 34): the member's, usher mode, the entrance screen, the admins'. */
  checkin: '/checkin',
  checkinUsher: '/checkin/usher',
  checkinScreen: '/checkin/screen/:id',
  adminCheckin: '/admin/checkin',
  /** Events (decision 037): anyone sees and replies; admins and officers publish. */
  events: '/events',
  event: '/events/:id',
  adminEvents: '/admin/events',
  /** The video library (decision 040): playlists beyond the sermons; admins edit them. */
  videos: '/videos',
  adminVideos: '/admin/videos',
  pastorAdminResources: '/pastor/admin-resources',
  pastorAccounts: '/pastor/admin-resources/accounts',
  pastorAppointment: '/pastor/admin-resources/appointment',
  pastorInfoDesk: '/pastor/admin-resources/info-desk',
  pastorCalendar: '/pastor/admin-resources/calendar',
  pastorMessages: '/pastor/messages',
  pastorMinistryResources: '/pastor/ministry-resources',
  /** The ministry cards' targets: the spec defines no screen, each says it is coming. */
  pastorStudyMaterials: '/pastor/study-materials',
  pastorBibleTools: '/pastor/bible-tools',
  pastorSermonArchive: '/pastor/sermon-archive',
  pastorResourceLinks: '/pastor/resource-links',
  notFound: '*',
} as const;

export const paths = {
  // A screen without parameters is reached by its pattern as it is.
  ...patterns,
  sermon: (id: string) => generatePath(patterns.sermon, { id }),
  event: (id: string) => generatePath(patterns.event, { id }),
  devotionalWeek: (weekId: string | number) =>
    generatePath(patterns.devotionalWeek, { weekId: String(weekId) }),
  devotionalDay: (weekId: string | number, dayId: string | number) =>
    generatePath(patterns.devotionalDay, { weekId: String(weekId), dayId: String(dayId) }),
  apply: (roleId: string) => generatePath(patterns.apply, { roleId }),
  checkinScreen: (id: string) => generatePath(patterns.checkinScreen, { id }),
  adminApplication: (id: string) => `${patterns.adminApplications}?id=${encodeURIComponent(id)}`,
  adminDevotionalWeek: (weekId: string | number) =>
    generatePath(patterns.adminDevotionalWeek, { weekId: String(weekId) }),
  /** Served by the API server (loopback or admins only), not by the web router. */
  devMailbox: '/dev/mailbox',
} as const;

/**
 * The API paths the shell itself calls (every screen). A feature's own are in its
 * `<feature>.paths.ts`, which comes with its screens, not in the shell every member
 * downloads (decision 027).
 */
export const apiPaths = {
  church: '/api/church',
  me: '/api/me',
  signOut: '/api/auth/sign-out',
} as const;

/** Where the auth emails send the browser back to (the server redirects there). */
export const authReturnPaths = {
  /** The confirmation link verifies the email, then lands on the login form with this flag. */
  verified: `${patterns.auth}?verified=1`,
  reset: patterns.resetPassword,
} as const;
