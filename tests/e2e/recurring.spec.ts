import type { Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { checkScreen } from './support/screens.ts';
import { createAccount, provePhone, uniquePhone } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

// Recurring gifts (issue 33) on the sandbox the shared app runs on: a monthly card tithe goes
// through the test checkout and becomes active; a weekly mobile-money offering is set up;
// both are paused and stopped. Renewals, failures and due days are tested over HTTP against
// fake Paystack and Moolre (recurring.test.ts).

async function fillDetails(page: Page, type: string, amount: string) {
  const form = page.getByRole('form', { name: 'New recurring gift' });
  await form.getByLabel('Type').selectOption(type);
  await form.getByLabel('Amount each time (GHS)').fill(amount);
  return form;
}

const item = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test('a member sets a monthly card tithe and a weekly mobile-money offering, pauses and stops them', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('recurring');
  const phone = uniquePhone();
  const storageState = await createAccount(baseURL!, { email, password: 'long-enough-1', phone });
  // A prompt goes only to the member's proved phone (issue 47).
  await provePhone(baseURL!, storageState, phone);
  const context = await browser.newContext({ storageState, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();

  // Reached from Offerings.
  await page.goto('/offerings');
  await page.getByRole('link', { name: 'Recurring gifts' }).click();
  await expect(page.getByRole('heading', { name: 'Recurring gifts', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no recurring gifts yet.')).toBeVisible();

  // A monthly card tithe on the 5th: the first gift at the (test) checkout.
  let form = await fillDetails(page, 'tithe', '100');
  await form.getByLabel('Monthly').check();
  await form.getByLabel('On which day of the month').selectOption('5');
  await form.getByLabel('Card').check();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await form.getByRole('button', { name: 'Continue to card payment' }).click();
  await expect(page.getByText('GHS 100.00')).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/offerings\/card\/callback/);
  await page.goto('/giving/recurring');
  const tithe = item(page, 'Tithe · GHS 100.00');
  await expect(tithe).toContainText('Every month on the 5th · next');
  await expect(tithe).toContainText('Active');

  // A weekly mobile-money offering on Sundays, prompted on the day.
  form = await fillDetails(page, 'offering', '20');
  await form.getByLabel('Weekly').check();
  await form.getByLabel('On which day').selectOption('Sunday');
  await form.getByLabel('Mobile Money').check();
  await form.getByLabel('Mobile money number').fill(`0${phone.slice(4)}`);
  await form.getByLabel('MTN').check();
  await form.getByLabel('Send a payment prompt to my phone').check();
  await form.getByRole('button', { name: 'Set up recurring gift' }).click();
  const offering = item(page, 'Offering · GHS 20.00');
  await expect(offering).toContainText('Every Sunday · next');
  await expect(offering).toContainText('Mobile money · payment prompt');
  await checkScreen(page, 'recurring');

  // Pause and resume the card tithe; change the offering's amount.
  await tithe.getByRole('button', { name: 'Pause' }).click();
  await expect(tithe).toContainText('Paused');
  await tithe.getByRole('button', { name: 'Resume' }).click();
  await expect(tithe).toContainText('Active');
  await offering.getByRole('button', { name: 'Change amount' }).click();
  await offering.getByLabel('New amount (GHS)').fill('25');
  await offering.getByRole('button', { name: 'Save amount' }).click();
  const changed = item(page, 'Offering · GHS 25.00');
  await expect(changed).toBeVisible();
  await changed.getByRole('button', { name: 'Pause' }).click();
  await expect(changed).toContainText('Paused');

  // The history lists both, with the next date of the running one.
  await page.goto('/payment-history');
  const summary = page.getByRole('region', { name: 'Recurring gifts' });
  await expect(summary).toContainText('Tithe · GHS 100.00');
  await expect(summary).toContainText('Every month on the 5th · next');
  await expect(summary).toContainText('Offering · GHS 25.00');
  await page.goto('/giving/recurring');

  // Stop both, after a confirmation.
  for (const title of ['Tithe · GHS 100.00', 'Offering · GHS 25.00']) {
    await item(page, title).getByRole('button', { name: 'Stop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop this recurring gift?' });
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(item(page, title)).toContainText('Stopped');
    await expect(item(page, title).getByRole('button')).toHaveCount(0);
  }
  await context.close();
});

test('a reminder’s link opens the offering form filled in from the recurring gift', async ({
  browser,
  baseURL,
}) => {
  const storageState = await createAccount(baseURL!, {
    email: uniqueEmail('reminded'),
    password: 'long-enough-1',
  });
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const made = await context.request.post('/api/giving/schedules', {
    headers: { origin: baseURL! },
    data: {
      type: 'missions',
      firstName: 'Ama',
      lastName: 'Mensah',
      assembly: 'grace',
      amount: '15',
      method: 'momo',
      phone: '0201234567',
      provider: 'Telecel',
      frequency: 'weekly',
      day: 3,
      startOn: new Date().toISOString().slice(0, 10),
      onDue: 'reminder',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { schedule } = (await made.json()) as { schedule: { id: string } };
  await page.goto(`/offerings?schedule=${schedule.id}`);
  const form = page.getByRole('form', { name: 'Give' });
  await expect(form.getByLabel('Type')).toHaveValue('missions');
  await expect(form.getByRole('radio', { name: 'Mobile Money' })).toBeChecked();
  await expect(form.getByLabel('Amount (GHS)')).toHaveValue('15.00');
  await expect(form.getByLabel('Mobile money number')).toHaveValue('0201234567');
  await expect(form.getByLabel('Telecel')).toBeChecked();
  await context.close();
});
