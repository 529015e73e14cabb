import { generatePath } from 'react-router';
import { CARD_CALLBACK_PATH } from '../shared/constants.ts';

// The only place URLs are spelled (STYLE.md). Route definitions use `patterns`; links,
// redirects and navigation use `paths`, which fill the parameters in (and encode them).
// Spec §2 is the source of every route here.

export const patterns = {
  home: '/',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The signed-in home screen with the feature grid (spec calls it "Home (/home)"). */
  memberHome: '/home',
  offerings: '/offerings',
  /** The card provider sends the member back here (the server builds the same URL). */
  cardCallback: CARD_CALLBACK_PATH,
  paymentHistory: '/payment-history',
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
  home: patterns.home,
  auth: patterns.auth,
  forgotPassword: patterns.forgotPassword,
  resetPassword: patterns.resetPassword,
  memberHome: patterns.memberHome,
  offerings: patterns.offerings,
  cardCallback: patterns.cardCallback,
  paymentHistory: patterns.paymentHistory,
  profile: patterns.profile,
  sermons: patterns.sermons,
  sermon: (id: string) => generatePath(patterns.sermon, { id }),
  devotional: patterns.devotional,
  devotionalWeek: (weekId: string | number) =>
    generatePath(patterns.devotionalWeek, { weekId: String(weekId) }),
  devotionalDay: (weekId: string | number, dayId: string | number) =>
    generatePath(patterns.devotionalDay, { weekId: String(weekId), dayId: String(dayId) }),
  workersGate: patterns.workersGate,
  workers: patterns.workers,
  roleChooser: patterns.roleChooser,
  apply: (roleId: string) => generatePath(patterns.apply, { roleId }),
  admin: patterns.admin,
  adminApplications: patterns.adminApplications,
  adminApplication: (id: string) => `${patterns.adminApplications}?id=${encodeURIComponent(id)}`,
  adminUsers: patterns.adminUsers,
  adminSermons: patterns.adminSermons,
  adminDevotional: patterns.adminDevotional,
  adminDevotionalWeek: (weekId: string | number) =>
    generatePath(patterns.adminDevotionalWeek, { weekId: String(weekId) }),
  financeDesk: patterns.financeDesk,
  financeCash: patterns.financeCash,
  financeBank: patterns.financeBank,
  adminReports: patterns.adminReports,
  adminFinanceOfficers: patterns.adminFinanceOfficers,
  adminFinanceAudit: patterns.adminFinanceAudit,
  pastorAdminResources: patterns.pastorAdminResources,
  pastorAccounts: patterns.pastorAccounts,
  pastorAppointment: patterns.pastorAppointment,
  pastorInfoDesk: patterns.pastorInfoDesk,
  pastorCalendar: patterns.pastorCalendar,
  pastorMessages: patterns.pastorMessages,
  pastorMinistryResources: patterns.pastorMinistryResources,
  pastorStudyMaterials: patterns.pastorStudyMaterials,
  pastorBibleTools: patterns.pastorBibleTools,
  pastorSermonArchive: patterns.pastorSermonArchive,
  pastorResourceLinks: patterns.pastorResourceLinks,
  /** Served by the API server (loopback or admins only), not by the web router. */
  devMailbox: '/dev/mailbox',
} as const;

/** JSON API endpoints (served by src/server). */
export const apiPaths = {
  church: '/api/church',
  support: '/api/support',
  sermons: '/api/sermons',
  sermon: (id: string) => `/api/sermons/${encodeURIComponent(id)}`,
  devotionalWeeks: '/api/devotional/weeks',
  devotionalWeek: (weekId: number) => `/api/devotional/weeks/${weekId}`,
  devotionalDay: (weekId: number, day: number) => `/api/devotional/weeks/${weekId}/days/${day}`,
  adminSermons: '/api/admin/sermons',
  adminSermon: (id: string) => `/api/admin/sermons/${encodeURIComponent(id)}`,
  adminSermonOrder: '/api/admin/sermons/order',
  adminDevotionalWeeks: '/api/admin/devotional/weeks',
  adminDevotionalWeek: (weekId: number) => `/api/admin/devotional/weeks/${weekId}`,
  adminDevotionalDay: (weekId: number, day: number) =>
    `/api/admin/devotional/weeks/${weekId}/days/${day}`,
  me: '/api/me',
  emailAvailable: '/api/accounts/email-available',
  signUp: '/api/accounts/sign-up',
  signIn: '/api/auth/sign-in/email',
  signOut: '/api/auth/sign-out',
  sendVerificationEmail: '/api/auth/send-verification-email',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
  profile: '/api/profile',
  profilePassword: '/api/profile/password',
  gifts: '/api/giving/gifts',
  gift: (reference: string) => `/api/giving/gifts/${encodeURIComponent(reference)}`,
  giftOtp: (reference: string) => `/api/giving/gifts/${encodeURIComponent(reference)}/otp`,
  history: '/api/history',
  workersGate: '/api/workers/gate',
  workersStatus: '/api/workers/status',
  workersApplication: '/api/workers/application',
  workersFiles: '/api/workers/files',
  workersApplications: '/api/workers/applications',
  adminApplications: '/api/admin/applications',
  adminApplication: (id: string) => `/api/admin/applications/${encodeURIComponent(id)}`,
  adminApplicationDecision: (id: string) =>
    `/api/admin/applications/${encodeURIComponent(id)}/decision`,
  adminUsers: '/api/admin/users',
  deleteCash: (id: string) => `/api/history/cash/${encodeURIComponent(id)}/delete`,
  receiptPdf: (id: string) => `/api/history/receipts/${encodeURIComponent(id)}`,
  statementYears: '/api/history/statements',
  statementPdf: (year: number) => `/api/history/statements/${year}`,
  // The finance desk's API paths are in features/finance/finance.paths.ts: they come with
  // its lazily loaded area, not in the shell every member downloads (decision 011, 014).
} as const;

/** Where the auth emails send the browser back to (the server redirects there). */
export const authReturnPaths = {
  /** The confirmation link verifies the email, then lands on the login form with this flag. */
  verified: `${patterns.auth}?verified=1`,
  reset: patterns.resetPassword,
} as const;
