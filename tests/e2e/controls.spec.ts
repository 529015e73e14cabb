import { request, type Browser, type Locator, type Page } from '@playwright/test';
import { DRAWN_PAGE_GLOBAL } from '../../src/shared/pages.ts';
import { startApp, type RunningApp } from './support/harness.ts';
import { SCREEN_SIZES } from './support/screens.ts';
import { createAccount, type StorageState } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

// Issue 48, item 11: the radio buttons of the finance officers' form and of the event reply
// are drawn as the app's other choices (the giving form's cards), not the browser's blue
// dots; and the support button never covers content or controls, at a phone's and a
// laptop's size, wherever the page is scrolled. Its own app (an admin, a published event).

const admin = { email: 'admin@example.com', password: 'admin-pass-123', firstName: 'Abena' };
const member = { email: 'kofi@example.com', password: 'member-pass-123', firstName: 'Kofi' };

let app: RunningApp;
let adminState: StorageState;
let memberState: StorageState;
let eventId = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startApp({ ADMIN_EMAILS: admin.email, AUTH_RATE_LIMIT: '100' });
  adminState = await createAccount(app.baseURL, admin);
  memberState = await createAccount(app.baseURL, member);
  const api = await request.newContext({
    baseURL: app.baseURL,
    storageState: adminState,
    extraHTTPHeaders: { origin: app.baseURL },
  });
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);
  const made = await api.post('/api/admin/events', {
    data: { title: 'Harvest thanksgiving', startsAt: at(48), endsAt: at(50), place: 'Main hall' },
  });
  expect(made.status(), await made.text()).toBe(201);
  eventId = ((await made.json()) as { id: string }).id;
  await api.dispose();
});

test.afterAll(async () => {
  await app?.dispose();
});

async function open(browser: Browser, state: StorageState | undefined, to: string) {
  const context = await browser.newContext({
    baseURL: app.baseURL,
    ...(state ? { storageState: state } : {}),
    viewport: { width: 360, height: 740 },
  });
  if (!state) await context.addCookies([{ name: 'flock.guest', value: '1', url: app.baseURL }]);
  const page = await context.newPage();
  await page.goto(to);
  // A screen the server drew (the offerings) is read once the app has drawn it again.
  await page.waitForFunction((name) => !(name in window), DRAWN_PAGE_GLOBAL);
  return page;
}

/** How a choice looks: its card (the label) and its dot's colour. */
async function lookOf(choice: Locator) {
  return choice.evaluate((input) => {
    const label = input.closest('label')!;
    const card = getComputedStyle(label);
    const box = label.getBoundingClientRect();
    return {
      accent: getComputedStyle(input).accentColor,
      border: `${card.borderTopWidth} ${card.borderTopStyle}`,
      radius: card.borderTopLeftRadius,
      tall: box.height >= 44,
    };
  });
}

test('the officers’ form and the event reply draw their choices as the giving form does', async ({
  browser,
}) => {
  const giving = await open(browser, undefined, '/offerings');
  const unchecked = await lookOf(giving.getByRole('radio', { name: 'Mobile Money' }));
  await giving.getByRole('radio', { name: 'Mobile Money' }).check();
  const checked = await lookOf(giving.getByRole('radio', { name: 'Mobile Money' }));
  expect(unchecked.accent).not.toBe('auto');
  await giving.context().close();

  const officers = await open(browser, adminState, '/admin/finance/officers');
  await expect(officers.getByRole('heading', { level: 1, name: 'Finance officers' })).toBeVisible();
  expect(await lookOf(officers.getByRole('radio', { name: 'All assemblies' }))).toEqual(checked);
  expect(await lookOf(officers.getByRole('radio', { name: 'Chosen assemblies' }))).toEqual(
    unchecked,
  );
  await officers.getByRole('radio', { name: 'Chosen assemblies' }).check();
  expect(await lookOf(officers.getByRole('checkbox', { name: 'Grace' }))).toEqual(unchecked);
  await officers.context().close();

  const event = await open(browser, memberState, `/events/${eventId}`);
  await expect(
    event.getByRole('heading', { level: 1, name: 'Harvest thanksgiving' }),
  ).toBeVisible();
  expect(await lookOf(event.getByRole('radio', { name: 'Going', exact: true }))).toEqual(unchecked);
  await event.getByRole('radio', { name: 'Not going' }).check();
  expect(await lookOf(event.getByRole('radio', { name: 'Not going' }))).toEqual(checked);
  await event.context().close();
});

/**
 * The content and controls of the page the support button is drawn over, at this scroll:
 * where it is the topmost thing at a point of theirs (the sticky navbar hides what scrolls
 * under it, the support button must not hide anything).
 */
function coveredBySupport(page: Page) {
  return page.evaluate(() => {
    const support = document.querySelector('button[aria-label="Contact support"]')!;
    const fab = support.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    const covered: string[] = [];
    const leaves = [...document.querySelectorAll('main *')].filter(
      (el) =>
        el.matches('a, button, input, select, textarea, label, img, svg') || !el.children.length,
    );
    const hidesPartOf = (r: DOMRect) => {
      const left = Math.max(r.left, fab.left);
      const right = Math.min(r.right, fab.right);
      const top = Math.max(r.top, fab.top, header.bottom);
      const bottom = Math.min(r.bottom, fab.bottom);
      if (right - left < 1 || bottom - top < 1) return false;
      return [left + 1, (left + right) / 2, right - 1].some((x) =>
        [top + 1, (top + bottom) / 2, bottom - 1].some((y) =>
          support.contains(document.elementFromPoint(x, y)),
        ),
      );
    };
    for (const el of leaves) {
      if (hidesPartOf(el.getBoundingClientRect())) {
        covered.push(`${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}”`);
      }
    }
    return [...new Set(covered)];
  });
}

const screens: { path: string; who: 'visitor' | 'guest' | 'member' }[] = [
  { path: '/', who: 'visitor' },
  { path: '/auth/phone', who: 'visitor' },
  { path: '/offerings', who: 'guest' },
  { path: '/home', who: 'member' },
  { path: '/giving/recurring', who: 'member' },
];

test('the support button covers nothing, on a phone and a laptop, wherever the page is scrolled', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const screen of screens) {
    const context = await browser.newContext({
      baseURL: app.baseURL,
      ...(screen.who === 'member' ? { storageState: memberState } : {}),
    });
    if (screen.who === 'guest') {
      await context.addCookies([{ name: 'flock.guest', value: '1', url: app.baseURL }]);
    }
    const page = await context.newPage();
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto(screen.path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Contact support' })).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y <= height; y += 120) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        expect(
          await coveredBySupport(page),
          `${screen.path} at ${size.width}×${size.height}, scrolled to ${y}`,
        ).toEqual([]);
      }
    }
    await context.close();
  }
});
