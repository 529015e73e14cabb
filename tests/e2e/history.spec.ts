import type { Page } from '@playwright/test';
import {
  confirmEmail,
  fillSignUpForm,
  logIn,
  newMemberOnHome,
  uniqueEmail,
} from './support/accounts.ts';
import { startApp } from './support/harness.ts';
import { checkScreen } from './support/screens.ts';
import { createAccount } from './support/sessions.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// A member gives by every method, then sees it all in the payment history and deletes the
// cash entry. A guest sees what their device gave, and a sign-up there may take it along.

const form = (page: Page) => page.getByRole('form', { name: 'Give' });

async function give(page: Page, type: string, method: string, amount: string) {
  await page.goto('/offerings');
  await page.getByLabel('Type').selectOption(type);
  await page.getByLabel(method).check();
  await page.getByLabel('Amount (GHS)').fill(amount);
}

test('a member gives by every method, sees it all in the history, and deletes the cash entry', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('giver');
  await newMemberOnHome(page, {
    firstName: 'Kojo',
    lastName: 'Antwi Boateng',
    email,
    password: 'giving-pass-123',
    phone: '201234567',
    assembly: 'hope',
  });

  // Empty at first.
  await page.goto('/payment-history');
  await expect(page.getByText(m.shared_giving_no_records())).toBeVisible();

  // The member's own details fill the form in.
  await page.goto('/offerings');
  await expect(page.getByLabel('First name')).toHaveValue('Kojo');
  await expect(page.getByLabel('Last name')).toHaveValue('Antwi Boateng');
  await expect(page.getByLabel('Assembly')).toHaveValue('hope');

  // 1. Cash tithe.
  await give(page, 'tithe', 'Cash', '40');
  await page.getByRole('button', { name: 'Give' }).click();
  const cashCode = await page.getByTestId('gift-code').textContent();
  expect(cashCode).toMatch(/^\d{6}$/);
  // The end of every gift leads to the history (issue 30).
  await expect(
    page
      .getByRole('dialog', { name: 'Your Cash Code' })
      .getByRole('link', { name: 'Payment History' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Got It' }).click();

  // 2. Bank transfer, other type.
  await give(page, 'other', 'Bank Transfer', '25.50');
  await page.getByLabel('Please specify').fill('Harvest');
  await page.getByLabel('Fidelity').check();
  await page.getByRole('button', { name: 'Give' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank You' })).toContainText('harvest');
  await page.getByRole('button', { name: 'Got It' }).click();

  // 3. Mobile money: the number comes from the profile; the sandbox approves it.
  await give(page, 'offering', 'Mobile Money', '12');
  await expect(page.getByLabel('Mobile money number')).toHaveValue('0201234567');
  await form(page).getByLabel('Telecel', { exact: true }).check();
  await page.getByRole('button', { name: 'Give' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Received' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Done' }).click();

  // 4. Card, approved at the test checkout; the email comes from the account.
  await give(page, 'seed', 'Card', '60');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue to card payment' }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Received' })).toBeVisible();
  await page.getByRole('link', { name: 'Payment history' }).click();

  // Newest first, each with its type, method, amount, status, date and code.
  await expect(page).toHaveURL(/\/payment-history$/);
  const items = page.getByRole('list', { name: 'Payment History' }).getByRole('listitem');
  await expect(items).toHaveCount(4);
  // This year's total at the top: paid (card 60 + mobile money 12), and what waits for the
  // desk or the bank statement (cash 40 + bank 25.50).
  const total = page.getByRole('region', { name: `Given in ${new Date().getUTCFullYear()}` });
  await expect(total).toContainText('GHS 72.00');
  await expect(total).toContainText('and GHS 65.50 waiting for confirmation');
  await expect(items.nth(0)).toContainText('Seed');
  await expect(items.nth(0)).toContainText('Card');
  await expect(items.nth(0)).toContainText('GHS 60.00');
  await expect(items.nth(0)).toContainText('success');
  await expect(items.nth(0)).toContainText(/FLK-CARD-/);
  await expect(items.nth(1)).toContainText('Offering');
  await expect(items.nth(1)).toContainText('Mobile Money');
  await expect(items.nth(1)).toContainText('success');
  await expect(items.nth(2)).toContainText('Harvest');
  await expect(items.nth(2)).toContainText('Bank Transfer');
  await expect(items.nth(2)).toContainText('GHS 25.50');
  // Waiting for the finance desk to find it on the bank statement (issue 12).
  await expect(items.nth(2)).toContainText('pending');
  await expect(items.nth(3)).toContainText('Tithe');
  await expect(items.nth(3)).toContainText(cashCode!);
  await expect(items.nth(3)).toContainText('pending');
  // Confirmed gifts carry their receipt.
  await expect(
    items.nth(0).getByRole('link', { name: /^Receipt \d{4}-\d{6} \(PDF\)$/ }),
  ).toBeVisible();
  await expect(items.nth(3).getByRole('link', { name: /Receipt/ })).toHaveCount(0);
  // Only the cash entry can be deleted.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(1);
  await expect(items.nth(3).getByRole('button', { name: 'Delete' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Delete it with a reason; the list reloads without it.
  await items.nth(3).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete cash payment' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
  await dialog.getByLabel('Mistaken amount or details').check();
  // Spec §3/§7: the history lists only entries that are not deleted (issue 30: never one
  // labelled 'Deleted'; the finance desk keeps them). Watch every change to the list.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenInHistory: string[] }).seenInHistory = seen;
    const list = document.querySelector('.history-list')!;
    new MutationObserver(() => seen.push(list.textContent ?? '')).observe(list, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const reloaded = page.waitForRequest(
    (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/history',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(m.shared_giving_cash_deleted())).toBeVisible();
  await expect(items).toHaveCount(3);
  await expect(page.getByText(cashCode!)).toHaveCount(0);
  // Its Delete button went with it: the focus is on the page's title, not lost.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment History' })).toBeFocused();
  // Spec §4/§9: the list reloads from the server 1.5 s after the delete.
  await reloaded;
  const seen = await page.evaluate(
    () => (window as unknown as { seenInHistory: string[] }).seenInHistory,
  );
  expect(seen.filter((text) => text.includes('Deleted'))).toEqual([]);

  // Still gone after a reload: the server keeps it deleted.
  await page.reload();
  await expect(items).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The profile leads here too.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Payment History' }).click();
  await expect(page).toHaveURL(/\/payment-history$/);
});

test("a guest's gifts stay on their device, and a sign-up there takes them along", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/continue-as-guest');
  await expect(page).toHaveURL(/\/home$/);
  // GHS 10 by card (approved at the test checkout) and GHS 25 cash.
  await page.goto('/offerings');
  await page.getByLabel('Type').selectOption('offering');
  await page.getByLabel('First name').fill('Yaw');
  await page.getByLabel('Last name').fill('Darko');
  await page.getByLabel('Assembly').selectOption('bethel');
  await page.getByLabel('Card').check();
  await page.getByLabel('Email').fill('yaw.guest@example.com');
  await page.getByLabel('Amount (GHS)').fill('10');
  await page.getByRole('button', { name: 'Continue to card payment' }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Received' })).toBeVisible();
  await give(page, 'tithe', 'Cash', '25');
  await page.getByLabel('First name').fill('Yaw');
  await page.getByLabel('Last name').fill('Darko');
  await page.getByLabel('Assembly').selectOption('bethel');
  await page.getByRole('button', { name: 'Give' }).click();
  await page
    .getByRole('dialog', { name: 'Your Cash Code' })
    .getByRole('link', { name: 'Payment History' })
    .click();

  const items = page.getByRole('list', { name: 'Payment History' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('GHS 25.00');
  await expect(items.nth(1)).toContainText('GHS 10.00');
  await expect(page.getByText(m.shared_giving_no_records())).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Given in / })).toContainText('GHS 10.00');

  // Signing up on this device offers to take them along.
  const email = uniqueEmail('was-guest');
  const password = 'was-guest-pass-123';
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const offer = page.getByLabel(
    'Add the 2 gifts (GHS 35.00) given as a guest on this device to my new account',
  );
  await expect(offer).toBeChecked();
  await fillSignUpForm(page, { firstName: 'Yaw', lastName: 'Darko', email, password });
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await confirmEmail(page, email);
  await logIn(page, email, password);
  await page.goto('/payment-history');
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText('GHS 10.00');
  // Once: the offer is gone from this device.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByLabel(/given as a guest on this device/)).toHaveCount(0);
});

test('a guest sees the empty history', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
  await page.goto('/payment-history');
  await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
  await expect(page.getByText(m.shared_giving_no_records())).toBeVisible();
});

test('a long history comes 50 at a time, with Load more for older ones', async ({ page }) => {
  // The server's paging is tested against the database (history.test.ts); here the screen:
  // the pages it is given, in order, and the button while there are more.
  const entry = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'cash',
    type: 'tithe',
    method: 'cash',
    amount: 100 * (n + 1),
    status: 'received',
    code: String(100000 + n),
    createdAt: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
    deletable: false,
    receipt: null,
    receivedAmount: null,
  });
  const cursors: (string | null)[] = [];
  await page.route('**/api/history?**', (route) => {
    cursors.push(new URL(route.request().url()).searchParams.get('cursor'));
    return route.fulfill({
      json: { entries: [50, 51, 52].map(entry), next: null },
    });
  });
  await page.route('**/api/history', (route) => {
    cursors.push(null);
    return route.fulfill({
      json: { entries: Array.from({ length: 50 }, (_, n) => entry(n)), next: 'older-than-49' },
    });
  });
  await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
  await page.goto('/payment-history');
  const items = page.getByRole('list', { name: 'Payment History' }).getByRole('listitem');
  await expect(items).toHaveCount(50);
  await expect(items.nth(0)).toContainText('GHS 1.00');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(53);
  await expect(items.nth(52)).toContainText('GHS 53.00');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(cursors).toEqual([null, 'older-than-49']);
});

test("a member picks a year: the list and each type's totals are that year's, and a reload keeps it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Its own app: last year's gifts go straight into its database while it is stopped (the app
  // only ever makes today's), then it starts again on the same data.
  const app = await startApp();
  try {
    const thisYear = new Date().getUTCFullYear();
    const lastYear = thisYear - 1;
    const email = uniqueEmail('two-years');
    const state = await createAccount(app.baseURL, { email, password: 'two-years-pass-123' });
    await app.stop();
    const [user] = await app.query<{ id: string }>('select id from users where email = $1', [
      email,
    ]);
    const person = [user!.id, 'Ama', 'Mensah', 'grace'];
    const at = (year: number, month: number) =>
      new Date(Date.UTC(year, month, 10, 9)).toISOString();
    const gift = `insert into transactions (user_id, first_name, last_name, assembly, reference, method, provider, type, other_type, amount, status, created_at)
      values ($1, $2, $3, $4, $5, $6, 'sandbox', $7, $8, $9, 'success', $10)`;
    await app.query(gift, [
      ...person,
      'FLK-E2E-YEAR-1',
      'card',
      'seed',
      null,
      6000,
      at(lastYear, 2),
    ]);
    await app.query(gift, [
      ...person,
      'FLK-E2E-YEAR-2',
      'momo',
      'other',
      'Harvest',
      1500,
      at(lastYear, 5),
    ]);
    await app.query(
      `insert into bank_transfers (user_id, first_name, last_name, assembly, type, amount, bank, created_at)
       values ($1, $2, $3, $4, 'welfare', 2550, 'fidelity', $5)`,
      [...person, at(lastYear, 8)],
    );
    await app.query(
      `insert into cash_offerings (user_id, first_name, last_name, assembly, type, amount, code)
       values ($1, $2, $3, $4, 'tithe', 4000, '424242')`,
      person,
    );
    await app.restart();

    const context = await browser.newContext({ baseURL: app.baseURL, storageState: state });
    const page = await context.newPage();
    await page.goto('/payment-history');
    const items = page.getByRole('list', { name: 'Payment History' }).getByRole('listitem');
    const year = page.getByLabel('Year');
    // This year at first: the cash tithe, waiting for the desk.
    await expect(year).toHaveValue(String(thisYear));
    await expect(year.getByRole('option')).toHaveText([String(thisYear), String(lastYear)]);
    await expect(items).toHaveCount(1);
    await expect(items.nth(0)).toContainText('424242');
    const thisTotal = page.getByRole('region', { name: `Given in ${thisYear}` });
    await expect(thisTotal).toContainText('GHS 0.00');
    await expect(thisTotal).toContainText('and GHS 40.00 waiting for confirmation');
    await expect(thisTotal.getByRole('term')).toHaveText(['Tithe']);

    // Last year: its three gifts, and its totals per type.
    await year.selectOption(String(lastYear));
    await expect(page).toHaveURL(new RegExp(`/payment-history\\?year=${lastYear}$`));
    const lastTotal = page.getByRole('region', { name: `Given in ${lastYear}` });
    await expect(lastTotal).toContainText('GHS 75.00');
    await expect(lastTotal).toContainText('and GHS 25.50 waiting for confirmation');
    await expect(lastTotal.getByRole('term')).toHaveText(['Seed', 'Welfare', 'Other']);
    await expect(lastTotal.getByRole('definition')).toHaveText([
      'GHS 60.00',
      'GHS 0.00 and GHS 25.50 waiting',
      'GHS 15.00',
    ]);
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Welfare');
    await expect(items.nth(1)).toContainText('Harvest');
    await expect(items.nth(2)).toContainText('Seed');
    await expect(page.getByText('424242')).toHaveCount(0);
    await checkScreen(page, 'history-year');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // A reload (or the link, shared) shows the same year.
    await page.reload();
    await expect(year).toHaveValue(String(lastYear));
    await expect(page.getByRole('region', { name: `Given in ${lastYear}` })).toContainText(
      'GHS 75.00',
    );
    await expect(items).toHaveCount(3);

    // By keyboard: the filter keeps the focus while the other year loads.
    await year.focus();
    await page.keyboard.press('ArrowUp');
    await expect(page).toHaveURL(new RegExp(`/payment-history\\?year=${thisYear}$`));
    await expect(items).toHaveCount(1);
    await expect(year).toBeFocused();
    await context.close();
  } finally {
    await app.dispose();
  }
});
