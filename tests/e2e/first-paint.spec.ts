import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DRAWN_PAGE_GLOBAL } from '../../src/shared/pages.ts';
import { createAccount, type StorageState } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

// A screen the server drew works from its first paint (issue 29): on a 3G phone (750 kbit/s,
// 300 ms, a CPU four times slower) the app's code arrives seconds after the screen. Each drawn
// screen's first link and its main button are tapped as soon as the screen shows, while the
// app is still on its way, and reach where they lead.

const member = { email: `first-paint-${Date.now()}@example.com`, password: 'first-paint-1' };
let memberState: StorageState;

test.beforeAll(async ({ baseURL }) => {
  memberState = await createAccount(baseURL!, member);
});

async function onA3gPhone(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: (750 * 1024) / 8,
    uploadThroughput: (250 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** Opens the drawn screen and waits only for its first paint: the app is not there yet. */
async function firstPaint(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('main h1')).toBeVisible({ timeout: 15_000 });
  expect(
    await page.evaluate((name) => name in window, DRAWN_PAGE_GLOBAL),
    `${path} is still waiting for the app`,
  ).toBe(true);
}

interface DrawnScreen {
  path: string;
  who: 'visitor' | 'guest' | 'member';
  /** Its main button, and what pressing it leads to. */
  press: (page: Page) => Promise<void>;
  reached: (page: Page) => Promise<void>;
}

const screensToTap: DrawnScreen[] = [
  {
    path: '/auth',
    who: 'visitor',
    async press(page) {
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
    },
    reached: (page) => expect(page).toHaveURL(/\/home$/, { timeout: 30_000 }),
  },
  {
    path: '/',
    who: 'visitor',
    press: (page) => page.getByRole('tab', { name: 'Sign Up' }).click(),
    reached: (page) => expect(page.getByLabel('First name')).toBeVisible({ timeout: 30_000 }),
  },
  {
    path: '/home',
    who: 'guest',
    press: (page) => page.getByRole('button', { name: 'Sermons' }).click(),
    reached: (page) =>
      expect(page.getByRole('dialog', { name: 'Choose Sermon Type' })).toBeVisible({
        timeout: 30_000,
      }),
  },
  {
    path: '/home',
    who: 'member',
    // The Videos tile, a link into a screen group the router fetches on the tap (decision 038).
    press: (page) => page.getByRole('link', { name: 'Videos' }).click(),
    reached: (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible({
        timeout: 30_000,
      }),
  },
  {
    path: '/offerings',
    who: 'guest',
    async press(page) {
      await page.getByLabel('Type').selectOption('tithe');
      await page.getByRole('button', { name: 'Give' }).click();
    },
    // The app checks the form with what was chosen: the type is kept, the names are asked for.
    async reached(page) {
      await expect(page.getByText('First name is required')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByLabel('Type')).toHaveValue('tithe');
    },
  },
  {
    path: '/sermons',
    who: 'visitor',
    press: (page) => page.getByRole('button', { name: 'Contact support' }).click(),
    reached: (page) =>
      expect(page.getByRole('dialog', { name: /support/i })).toBeVisible({ timeout: 30_000 }),
  },
  {
    path: '/devotional',
    who: 'visitor',
    press: (page) => page.getByRole('button', { name: 'Contact support' }).click(),
    reached: (page) =>
      expect(page.getByRole('dialog', { name: /support/i })).toBeVisible({ timeout: 30_000 }),
  },
];

for (const screen of screensToTap) {
  test.describe(`${screen.path} for a ${screen.who}, tapped at its first paint on 3G`, () => {
    const open = async (browser: Browser, baseURL: string) => {
      const context = await browser.newContext({
        baseURL,
        storageState: screen.who === 'member' ? memberState : undefined,
        serviceWorkers: 'block',
      });
      if (screen.who === 'guest') {
        await context.addCookies([{ name: 'flock.guest', value: '1', url: baseURL }]);
      }
      return { context, page: await onA3gPhone(context) };
    };

    test('its first link leads where it points', async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      const { context, page } = await open(browser, baseURL!);
      await firstPaint(page, screen.path);
      // The screen's own first link, or the navbar's on a screen without one (offerings).
      const inMain = page.locator('main a[href]:not([href^="#"])').first();
      const link = (await inMain.count()) > 0 ? inMain : page.locator('header a[href]').first();
      const href = (await link.getAttribute('href'))!;
      await link.click();
      await expect(page).toHaveURL(new URL(href, baseURL).toString(), { timeout: 30_000 });
      await expect(page.locator('main h1')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('main h1')).not.toHaveText('Page not found');
      await context.close();
    });

    test('its main button does what it says once the app is there', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const { context, page } = await open(browser, baseURL!);
      await firstPaint(page, screen.path);
      await screen.press(page);
      await screen.reached(page);
      await context.close();
    });
  });
}
