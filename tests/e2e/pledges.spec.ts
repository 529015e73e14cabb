import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { checkScreen, noSideScroll } from './support/screens.ts';
import { useSpecApp } from './support/spec-app.ts';
import { expect, test } from './support/test.ts';

// Pledges and campaigns (issue 33) in Chromium at 360×740: a member pledges a tithe and sees
// its progress move once the finance desk has received their cash gift (and on the history
// page); an admin creates a campaign, the member pledges to it, and the admin's campaign
// report shows pledged against given for the member's assembly, with its CSV. Its own app
// (ADMIN_EMAILS); the tests run in order.
test.describe.configure({ mode: 'serial' });

const admin = { email: 'admin@example.com', password: 'admin-pass-123', firstName: 'Abena' };
const member = { email: 'kofi@example.com', password: 'member-pass-123', firstName: 'Kofi' };
const shots = path.join(import.meta.dirname, '../../.tmp/screenshots');
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const spec = useSpecApp(admin, [member]);
test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));
const open = spec.open;

/** The desk receives a cash gift by its code (the cash desk's screen is finance.spec.ts's). */
async function receiveCash(browser: Browser, code: string, amount: string) {
  const context = await browser.newContext({
    baseURL: spec.app.baseURL,
    storageState: spec.state(admin),
  });
  const headers = { origin: spec.app.baseURL };
  const entry = await context.request.get(`/api/finance/cash?code=${code}`);
  expect(entry.status()).toBe(200);
  const { id } = (await entry.json()) as { id: string };
  const received = await context.request.post(`/api/finance/cash/${id}/receive`, {
    headers,
    data: { amount, receivedOn: today(), receivedBy: 'Usher' },
  });
  expect(received.status(), await received.text()).toBe(200);
  await context.close();
}

test('a member pledges a tithe and sees its progress move after a received cash gift', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await open(browser, member, '/offerings');
  await page.getByRole('link', { name: 'Your pledges' }).click();
  await expect(page).toHaveURL(/\/giving\/pledges$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pledges' })).toBeVisible();
  await expect(page.getByText('You have no pledges yet.')).toBeVisible();

  // A mistake first: the form says what is missing, next to the field.
  await page.getByRole('button', { name: 'Save pledge' }).click();
  await expect(page.getByText('Choose a type or a campaign (one of them).')).toBeVisible();
  await expect(page.getByText('Amount is required.')).toBeVisible();

  await page.getByLabel('For', { exact: true }).selectOption({ label: 'Tithe' });
  await page.getByLabel('Amount (GHS)').fill('100');
  await page.getByLabel('By', { exact: true }).fill(inDays(90));
  await page.getByLabel('Remind me').selectOption('weekly');
  await page.getByRole('button', { name: 'Save pledge' }).click();
  const list = page.getByRole('list', { name: 'Your pledges' });
  const pledge = list.getByRole('listitem').filter({ hasText: 'Tithe' });
  await expect(pledge).toContainText('GHS 0.00 of GHS 100.00');
  await expect(pledge.getByTestId('pledge-percent')).toHaveText('0%');
  // The toast closed, so that nothing covers the screen while it is looked at.
  const saved = page.getByRole('alert').filter({ hasText: 'Your pledge is saved.' });
  await saved.getByRole('button', { name: /close/i }).click();
  await expect(saved).toHaveCount(0);
  // From the top, as the screen opens (scrolled to the form, the sticky navbar covers the list).
  await page.evaluate(() => window.scrollTo(0, 0));
  await noSideScroll(page);
  await checkScreen(page, 'pledges');

  // A cash tithe of 40: pending until the desk receives it, then it counts.
  await page.goto('/offerings');
  await page.getByLabel('Type').selectOption('tithe');
  await page.getByLabel('Cash').check();
  await page.getByLabel('Amount (GHS)').fill('40');
  await page.getByRole('button', { name: 'Give' }).click();
  const code = (await page.getByTestId('gift-code').textContent())!.trim();
  await page.getByRole('button', { name: 'Got It' }).click();
  await page.goto('/giving/pledges');
  await expect(pledge.getByTestId('pledge-percent')).toHaveText('0%');

  await receiveCash(browser, code, '40');
  await page.reload();
  await expect(pledge).toContainText('GHS 40.00 of GHS 100.00');
  await expect(pledge.getByTestId('pledge-percent')).toHaveText('40%');
  await expect(pledge).toContainText('1 gift counted');
  await expect(pledge.getByRole('progressbar')).toHaveAttribute('value', '4000');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, 'pledges-360.png') });

  // The payment history shows the pledge's progress and links to the pledges.
  await page.goto('/payment-history');
  const summary = page.getByRole('region', { name: 'Your pledges' });
  await expect(summary).toContainText('40%');
  await summary.getByRole('link', { name: 'See all your pledges' }).click();
  await expect(page).toHaveURL(/\/giving\/pledges$/);
  await page.context().close();
});

test('an admin creates a campaign and sees pledged against given per assembly', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminPage = await open(browser, admin, '/admin');
  await adminPage.getByRole('link', { name: /Campaigns/ }).click();
  await expect(adminPage).toHaveURL(/\/admin\/campaigns$/);
  await expect(adminPage.getByText('No campaigns yet.')).toBeVisible();
  const form = adminPage.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Name', { exact: true }).fill('Church roof');
  await form.getByLabel('Type', { exact: true }).selectOption('building_project');
  await form.getByLabel('Target (GHS)').fill('5000');
  await form.getByLabel('From', { exact: true }).fill(today());
  await form.getByLabel('To', { exact: true }).fill(inDays(120));
  await form.getByRole('button', { name: 'Create campaign' }).click();
  const campaigns = adminPage.getByRole('list', { name: 'Campaigns' });
  await expect(campaigns).toContainText('Church roof');
  await expect(campaigns).toContainText('All assemblies');
  const created = adminPage.getByRole('alert').filter({ hasText: 'Campaign Church roof created.' });
  await created.getByRole('button', { name: /close/i }).click();

  // The member pledges to it on their screen.
  const memberPage = await open(browser, member, '/giving/pledges');
  const option = memberPage.locator('option', { hasText: 'Church roof' });
  await memberPage
    .getByLabel('For', { exact: true })
    .selectOption((await option.getAttribute('value'))!);
  await memberPage.getByLabel('Amount (GHS)').fill('250');
  await memberPage.getByLabel('By', { exact: true }).fill(inDays(60));
  await memberPage.getByRole('button', { name: 'Save pledge' }).click();
  const roof = memberPage
    .getByRole('list', { name: 'Your pledges' })
    .getByRole('listitem')
    .filter({ hasText: 'Church roof' });
  await expect(roof).toContainText('GHS 0.00 of GHS 250.00');
  await memberPage.context().close();

  // The report: Grace (the member's assembly) pledged 250.00.
  await adminPage.reload();
  const card = campaigns.getByRole('listitem').filter({ hasText: 'Church roof' });
  const grace = card.getByRole('row', { name: /Grace/ });
  await expect(grace).toContainText('250.00');
  await expect(card).toContainText('Pledged GHS 250.00 (1)');
  await noSideScroll(adminPage);
  await checkScreen(adminPage, 'campaigns');

  const download = adminPage.waitForEvent('download');
  await adminPage.getByRole('link', { name: 'Download report (CSV)' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv).toContain('campaign,type,starts_on,ends_on,target_ghs,assembly,pledged_ghs');
  expect(csv).toMatch(/Church roof,Building Project,.*,5000\.00,Grace,250\.00,1,0\.00,0\.00/);
  await adminPage.context().close();
});
