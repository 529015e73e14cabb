import type { DataHint } from '../shared/pages.ts';
import { apiPaths, patterns } from './paths.ts';
import { devotionalApiPaths } from './features/devotional/devotional.paths.ts';
import { sermonsApiPaths } from './features/sermons/sermons.paths.ts';

// Every screen of the app, once (decision 027). Three readers: the browser's router
// (router.tsx), the build, which turns each row into the files and answers its page announces
// (scripts/page-build.ts), and the server, which draws the screens marked `drawn` into their
// page before the app's code arrives (prerender.tsx). A new screen is a row in `screens` and
// its page (and, when its page should announce answers or be drawn, a line in `firstScreens`).
// Data only: each page is found by its module path, so nothing here pulls a screen's code in.
// The screens few members open are not here but in their feature's `<feature>.screens.ts`
// (a group), which the browser fetches with the first of them (decision 038): an address
// whose first segment is one of its screens' fetches it. scripts/find-screens.ts finds the
// groups, for the build, the tests and the router (`virtual:screens`); nothing lists them.

/** The route element a screen sits in: who may see it, checked again by the server on every call. */
export type Guard = 'signedIn' | 'admin' | 'finance' | 'pastor';

export interface Screen {
  pattern: string;
  /** The module under src/web whose export of the same name is the screen. */
  page: string;
  /** Outside the page data cache (TanStack Query): only the account screens, which need none. */
  noPageData?: true;
  guard?: Guard;
}

/** What the page of a screen brings with it, beyond its code (for the build and the server). */
export interface FirstScreen {
  /** Public answers its screen asks for at once, announced in its page (decision 018). */
  data?: DataHint[];
  /**
   * Drawn by the server into its page from these public answers (API paths), so that the
   * screen is there before the app's code; `signedIn`: only for a request with a session or
   * the guest cookie (anyone else is sent to /auth).
   */
  drawn?: { answers: string[]; signedIn?: true };
}

/** The guard's module under src/web (its export of the same name is the route element). */
export const guardModules: Record<Guard, string> = {
  signedIn: 'features/accounts/RequireSignedIn.tsx',
  admin: 'features/admin/RequireAdmin.tsx',
  finance: 'features/finance/RequireFinance.tsx',
  pastor: 'features/pastor/RequirePastor.tsx',
};

/** The element around every screen that has page data. */
export const PAGE_DATA_MODULE = 'PageData.tsx';

/** The screen for every path no row matches. */
export const NOT_FOUND_PAGE = 'components/NotFoundPage.tsx';

/** Asked for by main.tsx on every screen, before the screen's code has arrived. */
export const everyPageData: DataHint[] = [
  { path: apiPaths.church },
  // `no-store`, yet Chromium hands the preloaded answer to the app's fetch (decision 018);
  // the greeting on /home and the signed-in guard wait for it.
  { path: apiPaths.me },
];

/** Sermon ids that go into a URL as they are (others are asked for without a hint). */
const PLAIN_ID = '[A-Za-z0-9_-]{1,100}';
/** What numberParam (features/devotional/devotional.api.ts) accepts as a week or day. */
const WHOLE_NUMBER = '\\d{1,4}';

const login = 'features/accounts/AuthPage.tsx';

export const screens: Screen[] = [
  // Accounts. DESIGN.md: / shows the Login / Sign Up screen, the same screen as /auth.
  { pattern: patterns.home, page: login, noPageData: true },
  { pattern: patterns.auth, page: login, noPageData: true },
  // Members without email (issue 32): the same account with a phone and an SMS code.
  { pattern: patterns.phoneAuth, page: 'features/accounts/PhoneAuthPage.tsx', noPageData: true },
  {
    pattern: patterns.forgotPassword,
    page: 'features/accounts/ForgotPasswordPage.tsx',
    noPageData: true,
  },
  {
    pattern: patterns.resetPassword,
    page: 'features/accounts/ResetPasswordPage.tsx',
    noPageData: true,
  },

  // Spec §2: signed-in only (a session user or the guest flag), otherwise /auth.
  {
    pattern: patterns.memberHome,
    page: 'features/home/HomePage.tsx',
    guard: 'signedIn',
  },
  {
    pattern: patterns.offerings,
    page: 'features/giving/OfferingsPage.tsx',
    guard: 'signedIn',
  },
  {
    pattern: patterns.recurring,
    page: 'features/recurring/RecurringPage.tsx',
    guard: 'signedIn',
  },
  {
    pattern: patterns.paymentHistory,
    page: 'features/history/HistoryPage.tsx',
    guard: 'signedIn',
  },
  { pattern: patterns.profile, page: 'features/profile/ProfilePage.tsx', guard: 'signedIn' },
  // A member's pledges (issue 33): the server answers a guest with 401, the page says so.
  { pattern: patterns.pledges, page: 'features/pledges/PledgesPage.tsx', guard: 'signedIn' },
  // Open to anyone: the server answers for a gift only to its owner (or, for a guest's
  // gift, to whoever holds its unguessable reference).
  { pattern: patterns.cardCallback, page: 'features/giving/CardCallbackPage.tsx' },

  // Anyone may watch and read (spec §6).
  {
    pattern: patterns.sermons,
    page: 'features/sermons/SermonsPage.tsx',
  },
  {
    pattern: patterns.sermon,
    page: 'features/sermons/SermonPage.tsx',
  },
  {
    pattern: patterns.devotional,
    page: 'features/devotional/DevotionalPage.tsx',
  },
  {
    pattern: patterns.devotionalWeek,
    page: 'features/devotional/DevotionalWeekPage.tsx',
  },
  {
    pattern: patterns.devotionalDay,
    page: 'features/devotional/DevotionalDayPage.tsx',
  },
];

/**
 * What a screen's page brings beyond its code, by pattern. Apart from `screens` so that the
 * browser's bundle, which has no use for it, leaves it out.
 */
export const firstScreens: Record<string, FirstScreen> = {
  [patterns.home]: { drawn: { answers: [] } },
  [patterns.auth]: { drawn: { answers: [] } },
  // A link of the login screen: drawn too, so that it works when tapped before the app.
  [patterns.forgotPassword]: { drawn: { answers: [] } },
  [patterns.memberHome]: { drawn: { answers: [], signedIn: true } },
  [patterns.offerings]: { drawn: { answers: [], signedIn: true } },
  [patterns.sermons]: {
    data: [{ path: sermonsApiPaths.sermons }],
    drawn: { answers: [sermonsApiPaths.sermons] },
  },
  [patterns.sermon]: {
    data: [{ path: `${sermonsApiPaths.sermons}/:id`, params: { id: PLAIN_ID } }],
  },
  [patterns.devotional]: {
    data: [{ path: devotionalApiPaths.devotionalWeeks }],
    drawn: { answers: [devotionalApiPaths.devotionalWeeks] },
  },
  [patterns.devotionalWeek]: {
    data: [
      { path: `${devotionalApiPaths.devotionalWeeks}/:weekId`, params: { weekId: WHOLE_NUMBER } },
    ],
  },
  [patterns.devotionalDay]: {
    data: [
      {
        path: `${devotionalApiPaths.devotionalWeeks}/:weekId/days/:dayId`,
        params: { weekId: WHOLE_NUMBER, dayId: WHOLE_NUMBER },
      },
    ],
  },
};

/** The modules React Router loads for a screen, outermost first (the page's own last). */
export function screenModules(screen: Screen): string[] {
  return [
    ...(screen.noPageData ? [] : [PAGE_DATA_MODULE]),
    ...(screen.guard ? [guardModules[screen.guard]] : []),
    screen.page,
  ];
}

/** A module's component: the export named like its file (`features/home/HomePage.tsx` → HomePage). */
export const exportName = (module: string) => module.replace(/^.*\//, '').replace(/\.tsx?$/, '');
