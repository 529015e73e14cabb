// What the benchmarks of the web app share: a built app served by the real server, and
// Chromium set up as the e2e suite sets it up.
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/support/chromium.ts';
import { buildWebOnce, startApp, type RunningApp } from '../tests/e2e/support/harness.ts';
import { GUEST_COOKIE } from '../src/shared/pages.ts';
import { GUEST_STORAGE_KEY } from '../src/web/core/useIsGuest.ts';

/** The member routes the issue measures; /home and /offerings need a sign-in, the guest flag does. */
export const ROUTES = [
  { path: '/auth', guest: false },
  { path: '/home', guest: true },
  { path: '/offerings', guest: true },
  { path: '/sermons', guest: false },
  { path: '/devotional', guest: false },
];

/** What 'Continue as Guest' sets: the flag, and the cookie that tells the server (decision 023). */
export const guestScript =
  `try { localStorage.setItem(${JSON.stringify(GUEST_STORAGE_KEY)}, '1') } catch {}` +
  `document.cookie = ${JSON.stringify(`${GUEST_COOKIE}=1; Path=/; SameSite=Lax`)};`;

export async function withAppAndBrowser<T>(
  work: (app: RunningApp, browser: Browser) => Promise<T>,
): Promise<T> {
  buildWebOnce();
  const app = await startApp();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    return await work(app, browser);
  } finally {
    await browser.close();
    await app.dispose();
  }
}
