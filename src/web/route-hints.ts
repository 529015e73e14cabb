import type { DataHint } from '../shared/page-hints.ts';
import { apiPaths, patterns } from './paths.ts';

// What the first screen of each member route loads, for the page the server sends
// (decision 018): the build turns this table into the files to preload
// (scripts/page-hints.ts), the server puts them in that route's <head>, and the browser
// fetches them with the page instead of discovering them one round trip after another.
// `route-hints.test.ts` keeps it in step with router.tsx and the build. Data only: nothing
// here is part of the app the browser downloads.

export interface RouteHint {
  /** The route's pattern (paths.ts). */
  pattern: string;
  /**
   * The lazy route modules React Router loads for it (router.tsx), outermost first, as
   * paths under src/web: their static imports and CSS come with them. Not what a screen loads
   * on demand (a form on first touch, a popup).
   */
  modules: string[];
  /**
   * Public answers the screen asks for as soon as it is drawn. Nothing private: a member's
   * own data would be wasted on a visitor the guard sends away.
   */
  data?: DataHint[];
}

/** Asked for by main.tsx on every screen, before the screen's code has arrived. */
export const everyPageData: DataHint[] = [
  { path: apiPaths.church },
  // `no-store`, yet Chromium hands the preloaded answer to the app's fetch (checked in
  // decision 018); the greeting on /home and the signed-in guard wait for it.
  { path: apiPaths.me },
];

/** Sermon ids that go into a URL as they are (others are asked for without a hint). */
const PLAIN_ID = '[A-Za-z0-9_-]{1,100}';
/** What numberParam (features/devotional/devotional.api.ts) accepts as a week or day. */
const WHOLE_NUMBER = '\\d{1,4}';

const pageData = 'PageData.tsx';
const signedIn = [pageData, 'features/accounts/RequireSignedIn.tsx'];

export const routeHints: RouteHint[] = [
  { pattern: patterns.home, modules: ['features/accounts/AuthPage.tsx'] },
  { pattern: patterns.auth, modules: ['features/accounts/AuthPage.tsx'] },
  { pattern: patterns.forgotPassword, modules: ['features/accounts/ForgotPasswordPage.tsx'] },
  { pattern: patterns.resetPassword, modules: ['features/accounts/ResetPasswordPage.tsx'] },
  { pattern: patterns.memberHome, modules: [...signedIn, 'features/home/HomePage.tsx'] },
  { pattern: patterns.offerings, modules: [...signedIn, 'features/giving/OfferingsPage.tsx'] },
  { pattern: patterns.paymentHistory, modules: [...signedIn, 'features/history/HistoryPage.tsx'] },
  { pattern: patterns.profile, modules: [...signedIn, 'features/profile/ProfilePage.tsx'] },
  { pattern: patterns.cardCallback, modules: [pageData, 'features/giving/CardCallbackPage.tsx'] },
  {
    pattern: patterns.sermons,
    modules: [pageData, 'features/sermons/SermonsPage.tsx'],
    data: [{ path: apiPaths.sermons }],
  },
  {
    pattern: patterns.sermon,
    modules: [pageData, 'features/sermons/SermonPage.tsx'],
    data: [{ path: `${apiPaths.sermons}/:id`, params: { id: PLAIN_ID } }],
  },
  {
    pattern: patterns.devotional,
    modules: [pageData, 'features/devotional/DevotionalPage.tsx'],
    data: [{ path: apiPaths.devotionalWeeks }],
  },
  {
    pattern: patterns.devotionalWeek,
    modules: [pageData, 'features/devotional/DevotionalWeekPage.tsx'],
    data: [{ path: `${apiPaths.devotionalWeeks}/:weekId`, params: { weekId: WHOLE_NUMBER } }],
  },
  {
    pattern: patterns.devotionalDay,
    modules: [pageData, 'features/devotional/DevotionalDayPage.tsx'],
    data: [
      {
        path: `${apiPaths.devotionalWeeks}/:weekId/days/:dayId`,
        params: { weekId: WHOLE_NUMBER, dayId: WHOLE_NUMBER },
      },
    ],
  },
];
