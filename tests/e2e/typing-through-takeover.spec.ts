import type { Browser, Locator, Page } from '@playwright/test';
import { DRAWN_PAGE_GLOBAL, GUEST_COOKIE } from '../../src/shared/pages.ts';
import { holdTheApp } from './support/hold-app.ts';
import { createAccount } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

// Issue 48 #1: a key typed while the app takes over a drawn screen must never be lost. On a
// phone's CPU (×4) a member types without a pause from the drawn screen's first paint until
// well after the app has taken it over; the field then holds every character typed. The app
// is held back until the typing has begun, so that the take-over falls inside it.

/** Keys are pressed this far apart: a quick thumb. */
const KEY_DELAY_MS = 15;
/** Characters typed after the take-over, when nothing is in the way any more. */
const AFTER = 'zyx';

async function onAPhoneCpu(browser: Browser, baseURL: string, guest = false) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  if (guest) await context.addCookies([{ name: GUEST_COOKIE, value: '1', url: baseURL }]);
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** Opens the drawn screen with the app held back: it takes over once `release` is called. */
async function openDrawn(page: Page, path: string) {
  const release = await holdTheApp(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('main h1')).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate((name) => name in window, DRAWN_PAGE_GLOBAL)).toBe(true);
  return release;
}

/**
 * Types into `field` without a pause: `start`, then the app is let through, then characters
 * of `more` (over and over) until the app has taken the screen over, then `AFTER`. Returns
 * all that was typed.
 */
async function typeThroughTheTakeOver(
  page: Page,
  field: Locator,
  start: string,
  release: () => void,
  more = 'abcdefghij',
): Promise<string> {
  await field.click();
  await page.keyboard.type(start, { delay: KEY_DELAY_MS });
  expect(await page.evaluate((name) => name in window, DRAWN_PAGE_GLOBAL)).toBe(true);
  let takenOver = false;
  const takeOver = page
    .waitForFunction((name) => !(name in window), DRAWN_PAGE_GLOBAL, {
      polling: 'raf',
      timeout: 60_000,
    })
    .then(() => (takenOver = true));
  release();
  let typed = start;
  for (let i = 0; !takenOver; i++) {
    const key = more[i % more.length]!;
    await page.keyboard.type(key, { delay: KEY_DELAY_MS });
    typed += key;
  }
  await takeOver;
  await page.keyboard.type(AFTER, { delay: KEY_DELAY_MS });
  return typed + AFTER;
}

test.describe('typing through the take-over of a drawn screen on a phone CPU (×4)', () => {
  test.setTimeout(120_000);

  test('login: every character of the password is kept, and the member signs in', async ({
    browser,
    baseURL,
  }) => {
    const email = `typing-${Date.now()}@example.com`;
    const { context, page } = await onAPhoneCpu(browser, baseURL!);
    const release = await openDrawn(page, '/auth');
    await page.getByLabel('Email').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    const typed = await typeThroughTheTakeOver(page, password, 'Pass-', release, 'word1234');
    await expect(password).toHaveValue(typed);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    // The account is made with exactly what was typed: signing in proves nothing was lost.
    await createAccount(baseURL!, { email, password: typed });
    await password.press('Enter');
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    await context.close();
  });

  // The Login / Sign Up screen at / (the installed app's start) comes drawn in login mode; the
  // sign-up form is the app's (its tab is a kept tap before the app). What was typed through the
  // take-over goes on into it.
  test('sign-up: every character typed through the take-over reaches the sign-up form', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await onAPhoneCpu(browser, baseURL!);
    const release = await openDrawn(page, '/');
    const email = page.getByLabel('Email');
    const typed = await typeThroughTheTakeOver(page, email, 'kofi.', release, 'mensah');
    await expect(email).toHaveValue(typed);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('First name')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(typed);
    await context.close();
  });

  test('forgot password: every character of the email is kept', async ({ browser, baseURL }) => {
    const { context, page } = await onAPhoneCpu(browser, baseURL!);
    const release = await openDrawn(page, '/forgot-password');
    const field = page.getByLabel('Email');
    const typed = await typeThroughTheTakeOver(page, field, 'ama.', release, 'serwaa');
    await expect(field).toHaveValue(typed);
    await context.close();
  });

  test('offerings: every character of the name is kept', async ({ browser, baseURL }) => {
    const { context, page } = await onAPhoneCpu(browser, baseURL!, true);
    const release = await openDrawn(page, '/offerings');
    const field = page.getByLabel('First name');
    const typed = await typeThroughTheTakeOver(page, field, 'Ama', release, 'serwaa');
    await expect(field).toHaveValue(typed);
    await context.close();
  });
});
