import type { Browser, Page } from '@playwright/test';
import { DRAWN_PAGE_GLOBAL } from '../../src/shared/pages.ts';
import { uniqueEmail } from './support/accounts.ts';
import { createAccount, type StorageState } from './support/sessions.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// Issue 48, item 9: a reload in the middle of typing loses nothing of the forms a member
// fills (phone sign-up, an offering, a prayer request, a pledge, a recurring gift): each keeps
// its draft in this browser, as the worker application does; a password or a code never.
// Each test reloads at once after the last keystroke, as a member's thumb would.

const PASSWORD = 'draft-secret-48';

/** Everything this browser keeps for the page: what a draft may hold is in here. */
const stored = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
  );

async function phone(browser: Browser, state?: StorageState, guest = false) {
  const context = await browser.newContext({
    ...(state ? { storageState: state } : {}),
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  if (guest) await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
  return page;
}

let member: StorageState;
test.beforeAll(async ({ baseURL }) => {
  member = await createAccount(baseURL!, {
    email: uniqueEmail('drafts'),
    password: 'drafts-pass-1',
    firstName: 'Ama',
  });
});

/** The app has taken over the screen the server drew: what is typed now is the app's. */
const appReady = (page: Page) =>
  page.waitForFunction((name) => !(name in window), DRAWN_PAGE_GLOBAL);

/** The digits of the phone input (it shows them grouped once its library is there). */
const digitsOf = async (page: Page) =>
  (await page.getByLabel('Phone', { exact: true }).inputValue()).replace(/\D/g, '');

test('phone sign-up: a reload keeps the sign-up form and what was typed, never the password or the code', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await phone(browser);
  const local = `24${String(Date.now()).slice(-7)}`;
  await page.goto('/auth/phone');
  await page.getByRole('button', { name: 'New here? Sign up with your phone' }).click();
  await page.getByLabel('First name').fill('Kwabena');
  await page.getByLabel('Last name').fill('Asante');
  await page.getByLabel('Phone', { exact: true }).fill(local);
  await page.getByLabel('Assembly').selectOption('grace');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Sign up with your phone' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Kwabena');
  await expect(page.getByLabel('Last name')).toHaveValue('Asante');
  await expect(page.getByLabel('Assembly')).toHaveValue('grace');
  await expect.poll(() => digitsOf(page)).toBe(`233${local}`);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await stored(page)).toContain('Kwabena');
  expect(await stored(page)).not.toContain(PASSWORD);

  // The code screen stays too, and never keeps the code.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/dev/outbox.json')).json()) as {
        messages: { to: string; text: string }[];
      };
      const text = messages.find((m) => m.to === `+233${local}`)?.text ?? '';
      code = /^(\d{6}) is your/.exec(text)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('6-digit code').fill(code);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page.getByText(m.shared_phone_accounts_code_sent())).toContainText(`+233${local}`);
  await expect(page.getByLabel('6-digit code')).toHaveValue('');
  const kept = await stored(page);
  expect(kept).not.toContain(code);
  expect(kept).not.toContain(PASSWORD);

  // The code still proves the sign-up; then nothing of it is kept.
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await stored(page)).not.toContain('Kwabena');
  await page.context().close();
});

test('offering: a reload keeps a guest’s gift as it was typed', async ({ browser }) => {
  const page = await phone(browser, undefined, true);
  await page.goto('/offerings');
  await appReady(page);
  const form = page.getByRole('form', { name: 'Give' });
  await form.getByLabel('Type').selectOption('seed');
  await form.getByLabel('First name').fill('Yaw');
  await form.getByLabel('Last name').fill('Boateng');
  await form.getByLabel('Assembly').selectOption('grace');
  await form.getByLabel('Mobile Money').check();
  await form.getByLabel('Mobile money number').fill('0241234567');
  await form.getByLabel('MTN').check();
  await form.getByLabel('Amount (GHS)').fill('25');
  await page.reload();

  await expect(form.getByLabel('Type')).toHaveValue('seed');
  await expect(form.getByLabel('First name')).toHaveValue('Yaw');
  await expect(form.getByLabel('Last name')).toHaveValue('Boateng');
  await expect(form.getByLabel('Assembly')).toHaveValue('grace');
  await expect(form.getByRole('radio', { name: 'Mobile Money' })).toBeChecked();
  await expect(form.getByLabel('Mobile money number')).toHaveValue('0241234567');
  await expect(form.getByLabel('MTN')).toBeChecked();
  await expect(form.getByLabel('Amount (GHS)')).toHaveValue('25');
  await page.context().close();
});

test('prayer request: a reload keeps the open form, the request and its choices', async ({
  browser,
}) => {
  const page = await phone(browser, member);
  await page.goto('/prayer');
  await page.getByRole('button', { name: 'Share a prayer request' }).click();
  await page.getByLabel('Your request').fill('Strength for my father after his stroke');
  await page.getByRole('radio', { name: 'Pastors only' }).check();
  await page.getByLabel('Hide my name from other members').check();
  await page.reload();

  await expect(page.getByLabel('Your request')).toHaveValue(
    'Strength for my father after his stroke',
  );
  await expect(page.getByRole('radio', { name: 'Pastors only' })).toBeChecked();
  await expect(page.getByLabel('Hide my name from other members')).toBeChecked();
  // Cancel gives it up: the next reload shows the wall's button again.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Share a prayer request' })).toBeVisible();
  await expect(page.getByLabel('Your request')).toHaveCount(0);
  await page.context().close();
});

test('pledge: a reload keeps what the pledge is for, its amount and its reminders', async ({
  browser,
}) => {
  const page = await phone(browser, member);
  await page.goto('/giving/pledges');
  await page.getByLabel('For', { exact: true }).selectOption({ label: 'Tithe' });
  await page.getByLabel('Amount (GHS)').fill('150');
  await page.getByLabel('Remind me').selectOption('weekly');
  await page.reload();

  await expect(page.getByLabel('For', { exact: true })).toHaveValue('type:tithe');
  await expect(page.getByLabel('Amount (GHS)')).toHaveValue('150');
  await expect(page.getByLabel('Remind me')).toHaveValue('weekly');
  await page.context().close();
});

test('recurring gift: a reload keeps the gift as typed, over the profile’s details', async ({
  browser,
}) => {
  const page = await phone(browser, member);
  await page.goto('/giving/recurring');
  const form = page.getByRole('form', { name: 'New recurring gift' });
  await expect(form.getByLabel('First name')).toHaveValue('Ama');
  await form.getByLabel('Type').selectOption('offering');
  await form.getByLabel('First name').fill('Yaa');
  await form.getByLabel('Amount each time (GHS)').fill('30');
  await form.getByLabel('Weekly').check();
  await form.getByLabel('On which day').selectOption('Wednesday');
  await form.getByLabel('Mobile Money').check();
  await form.getByLabel('Mobile money number').fill('0201234567');
  await form.getByLabel('Telecel').check();
  await page.reload();

  await expect(form.getByLabel('Type')).toHaveValue('offering');
  await expect(form.getByLabel('Amount each time (GHS)')).toHaveValue('30');
  await expect(form.getByLabel('Weekly')).toBeChecked();
  await expect(form.getByLabel('On which day')).toHaveValue('3');
  await expect(form.getByRole('radio', { name: 'Mobile Money' })).toBeChecked();
  await expect(form.getByLabel('Mobile money number')).toHaveValue('0201234567');
  await expect(form.getByLabel('Telecel')).toBeChecked();
  // The member's own details arrive after the draft: what they typed stays.
  await expect(form.getByLabel('Last name')).toHaveValue('Mensah');
  await expect(form.getByLabel('First name')).toHaveValue('Yaa');
  await page.context().close();
});

test('support request: a reload keeps what was typed, for the next time the form opens', async ({
  browser,
}) => {
  const page = await phone(browser);
  await page.goto('/sermons');
  await appReady(page);
  await page.getByRole('button', { name: 'Contact support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact support' });
  await dialog.getByLabel('Title').fill('My receipt never came');
  await page.reload();
  await page.getByRole('button', { name: 'Contact support' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('My receipt never came');
  await page.context().close();
});
