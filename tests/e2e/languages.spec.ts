import fs from 'node:fs';
import path from 'node:path';
import { request, type Page } from '@playwright/test';
import { repoRoot, startApp, type RunningApp } from './support/harness.ts';
import { checkScreen, noSideScroll, openPhone } from './support/screens.ts';
import { createAccount, type StorageState } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

// Twi beside English (issue 35, decision 043): the switch on the login screen and the
// profile, one build per language, the account keeping the choice; and the Twi screens at a
// phone's width, where its longer words must fit.
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

const admin = { email: 'twi.admin@example.com', password: 'admin-pass-1234', firstName: 'Abena' };
const yaw = { email: 'twi.yaw@example.com', password: 'yaw-pass-1234', firstName: 'Yaw' };

const catalogue = (language: string) =>
  JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'messages', `${language}.json`), 'utf8'),
  ) as Record<string, string>;
const en = catalogue('en');
const ak = catalogue('ak');

let app: RunningApp;
const states: Record<string, StorageState> = {};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await startApp({ ADMIN_EMAILS: admin.email, AUTH_RATE_LIMIT: '100' });
  for (const account of [admin, yaw]) {
    states[account.email] = await createAccount(app.baseURL, account);
  }
});
test.afterAll(async () => app?.dispose());

const languageOf = (page: Page) => page.locator('html').getAttribute('lang');

/** The account's language set to Twi, as the profile's switch sets it. */
async function chooseTwi(state: StorageState) {
  const api = await request.newContext({
    baseURL: app.baseURL,
    storageState: state,
    extraHTTPHeaders: { origin: app.baseURL },
  });
  expect((await api.put('/api/profile/language', { data: { locale: 'ak' } })).ok()).toBe(true);
  await api.dispose();
}

test('a visitor switches the login screen to Twi and back, and the app follows', async ({
  browser,
}) => {
  const page = await openPhone(browser, app.baseURL, undefined, '/auth');
  const english = page.getByRole('navigation', { name: en.language_label });
  await expect(english.getByText('English')).toHaveAttribute('aria-current', 'true');
  await english.getByRole('link', { name: 'Twi' }).click();

  await expect(page).toHaveURL(/\/auth$/);
  expect(await languageOf(page)).toBe('ak');
  const twi = page.getByRole('navigation', { name: ak.language_label });
  await expect(twi.getByText('Twi')).toHaveAttribute('aria-current', 'true');
  // The worker of the Twi build takes over unasked: a switch is not a new version.
  await workerOfThisBuild(page);
  await expect(updatePrompt(page)).toHaveCount(0);
  await noSideScroll(page);
  await checkScreen(page, 'twi-auth');

  // Back to English, from the same switch.
  await twi.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: en.language_label })).toBeVisible();
  expect(await languageOf(page)).toBe('en');
  await page.context().close();
});

/**
 * Waits until the worker of this page's build controls it and none waits (a switch is not an
 * update). (waitForFunction would not wait: an async function's promise counts as true.)
 */
const workerOfThisBuild = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const active = registration?.active?.scriptURL;
          return (
            active !== undefined &&
            registration?.waiting === null &&
            registration?.installing === null &&
            navigator.serviceWorker.controller?.scriptURL === active &&
            new URL(active).searchParams.get('lang') === document.documentElement.lang
          );
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
const updatePrompt = (page: Page) => page.getByRole('status').filter({ hasText: /new version/i });

// Issue 48 #3: / is the installed app's start address. Once a worker controlled it, it
// answered / with the shell it had kept (English's), and the worker of the other language
// waited as if it were a new version.
test('at / after the first visit, the switch changes the language and no update is announced', async ({
  browser,
}) => {
  const page = await openPhone(browser, app.baseURL, undefined, '/');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await workerOfThisBuild(page);

  await page
    .getByRole('navigation', { name: en.language_label })
    .getByRole('link', { name: 'Twi' })
    .click();
  const twi = page.getByRole('navigation', { name: ak.language_label });
  await expect(twi.getByText('Twi')).toHaveAttribute('aria-current', 'true');
  expect(await languageOf(page)).toBe('ak');
  await expect(page.getByRole('button', { name: ak.accounts_login, exact: true })).toBeVisible();
  await workerOfThisBuild(page);
  await expect(updatePrompt(page)).toHaveCount(0);

  // And on the next start of the app.
  await page.goto('/');
  expect(await languageOf(page)).toBe('ak');
  await workerOfThisBuild(page);
  await expect(updatePrompt(page)).toHaveCount(0);

  await twi.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: en.language_label })).toBeVisible();
  expect(await languageOf(page)).toBe('en');
  await workerOfThisBuild(page);
  await expect(updatePrompt(page)).toHaveCount(0);
  await page.context().close();
});

// Issue 48 #4: the account's language follows the member to a fresh browser.
test('a member whose account is in Twi signs in on a fresh browser and sees Twi', async ({
  browser,
}) => {
  const ama = { email: 'twi.ama@example.com', password: 'ama-pass-1234', firstName: 'Ama' };
  const state = await createAccount(app.baseURL, ama);
  await chooseTwi(state);

  const page = await openPhone(browser, app.baseURL, undefined, '/auth');
  expect(await languageOf(page)).toBe('en');
  await page.getByLabel(en.accounts_email!).fill(ama.email);
  await page.getByLabel(en.accounts_password!, { exact: true }).fill(ama.password);
  await page.getByRole('button', { name: en.accounts_login, exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: ak.shell_logout })).toBeVisible();
  expect(await languageOf(page)).toBe('ak');
  // Every later page too.
  await page.reload();
  await expect(page.getByRole('button', { name: ak.shell_logout })).toBeVisible();
  expect(await languageOf(page)).toBe('ak');
  await page.context().close();

  // A browser where the member was signed in and English was left: Twi from its next page.
  const other = await browser.newContext({
    baseURL: app.baseURL,
    storageState: {
      ...state,
      cookies: [
        ...state.cookies,
        {
          name: 'PARAGLIDE_LOCALE',
          value: 'en',
          domain: new URL(app.baseURL).hostname,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
    },
    viewport: { width: 360, height: 740 },
  });
  const there = await other.newPage();
  await there.goto('/home');
  expect(await languageOf(there)).toBe('ak');
  await expect(there.getByRole('button', { name: ak.shell_logout })).toBeVisible();
  await other.close();
});

// (That the account keeps it, for its mails, SMS and USSD: language.test.ts.)
test('a member chooses Twi on the profile', async ({ browser }) => {
  const page = await openPhone(browser, app.baseURL, states[yaw.email], '/profile');
  await page
    .getByRole('navigation', { name: en.language_label })
    .getByRole('link', { name: 'Twi' })
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await languageOf(page)).toBe('ak');
  await expect(page.getByRole('heading', { name: ak.language_label })).toBeVisible();
  // The frame and the profile's first screen are Twi too, as drawn and as the app runs them.
  await expect(page.getByRole('heading', { level: 1, name: ak.profile_title })).toBeVisible();
  await expect(page.getByRole('heading', { name: ak.profile_details_title })).toBeVisible();
  await expect(page.getByRole('button', { name: ak.shell_logout })).toBeVisible();
  await expect(page.getByRole('button', { name: ak.shell_contact_support })).toBeVisible();
  await expect(page.getByRole('link', { name: ak.components_payment_history })).toBeVisible();
  await expect(page.getByRole('textbox', { name: ak.profile_full_name })).toBeVisible();
  await expect(page.getByRole('button', { name: ak.components_show_password })).toHaveCount(3);
  await noSideScroll(page);
  await checkScreen(page, 'twi-profile');
  await page.context().close();
});

// The screens whose Twi is longest (the catalogue's longest texts are on them), at 360 px.
const memberScreens = [
  '/home',
  '/offerings',
  '/giving/recurring',
  '/giving/pledges',
  '/payment-history',
  '/events',
  '/prayer',
  '/workers',
  '/sermons',
  '/devotional',
];
const adminScreens = ['/admin', '/admin/applications', '/admin/users', '/admin/reports'];

for (const [who, screens] of [
  ['member', memberScreens],
  ['admin', adminScreens],
] as const) {
  test(`the ${who}'s screens in Twi fit a 360 px phone`, async ({ browser }) => {
    test.setTimeout(240_000);
    const account = who === 'admin' ? admin : yaw;
    const state = states[account.email]!;
    // A signed-in member's pages are in their account's language (decision 053).
    await chooseTwi(state);
    const context = await browser.newContext({
      baseURL: app.baseURL,
      storageState: state,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    for (const screen of screens) {
      await page.goto(screen);
      expect(await languageOf(page), screen).toBe('ak');
      await expect(page.locator('main h1').first(), screen).toBeVisible();
      await page.waitForLoadState('networkidle');
      await noSideScroll(page);
      await checkScreen(page, `twi${screen.replaceAll('/', '-')}`);
    }
    await context.close();
  });
}
