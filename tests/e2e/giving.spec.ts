import type { Page } from '@playwright/test';
import { confirmEmail, logIn, signUpWithForm, uniqueEmail } from './support/accounts.ts';
import { startApp, type RunningApp } from './support/harness.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// Giving as a guest, with the sandbox provider the shared app runs on (no provider keys):
// every method end to end. The member's side (prefill, history, delete) is in history.spec.ts.

async function openOfferingsAsGuest(page: Page) {
  await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
  await page.goto('/offerings');
  await expect(page.getByRole('heading', { name: 'Offerings' })).toBeVisible();
}

async function fillDetails(page: Page, type: string) {
  await page.getByLabel('Type').selectOption(type);
  await page.getByLabel('First name').fill('Ama');
  await page.getByLabel('Last name').fill('Mensah');
  await page.getByLabel('Assembly').selectOption('bethel');
}

const form = (page: Page) => page.getByRole('form', { name: 'Give' });

test.beforeEach(async ({ page }) => {
  await openOfferingsAsGuest(page);
});

test('asks for every required field, and for the amount only after a method', async ({ page }) => {
  await expect(page.getByLabel('Amount (GHS)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Give' }).click();
  await expect(page.getByText('Please choose the type of giving.')).toBeVisible();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Last name is required.')).toBeVisible();
  await expect(page.getByText('Please select your assembly.')).toBeVisible();
  await expect(page.getByText('Please choose a payment method.')).toBeVisible();

  await page.getByLabel('Type').selectOption('other');
  await expect(page.getByLabel('Please specify')).toBeVisible();
  await page.getByRole('button', { name: 'Give' }).click();
  await expect(page.getByText('Please specify the type of giving.')).toBeVisible();

  await page.getByLabel('Mobile Money').check();
  await expect(page.getByLabel('Amount (GHS)')).toBeVisible();
  await page.getByLabel('Amount (GHS)').fill('10.555');
  await page.getByLabel('Mobile money number').fill('12345');
  await page.getByRole('button', { name: 'Give' }).click();
  await expect(page.getByText('Use at most 2 decimals (pesewas), e.g. 10.55.')).toBeVisible();
  await expect(page.getByText(/Enter a valid Ghana mobile money number/)).toBeVisible();
  await expect(page.getByText('Please choose your network.')).toBeVisible();
  // Nothing left the browser: every message came from the shared schema.
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('cash is only for tithe; a cash tithe shows its 6-digit code, Got It goes home', async ({
  page,
}) => {
  await fillDetails(page, 'offering');
  const cash = page.getByLabel('Cash');
  await expect(cash).toBeDisabled();
  await page.getByLabel('Type').selectOption('tithe');
  await expect(cash).toBeEnabled();
  await cash.check();
  // Choosing another type takes the cash choice away again.
  await page.getByLabel('Type').selectOption('seed');
  await expect(cash).toBeDisabled();
  await expect(cash).not.toBeChecked();
  await page.getByLabel('Type').selectOption('tithe');
  await cash.check();
  await page.getByLabel('Amount (GHS)').fill('50');
  await page.getByRole('button', { name: 'Give' }).click();

  const modal = page.getByRole('dialog', { name: 'Your Cash Code' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('GHS 50.00');
  await expect(modal.getByTestId('gift-code')).toHaveText(/^\d{6}$/);
  await modal.getByRole('button', { name: 'Got It' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The form starts empty again (the guest's own name stays).
  await page.getByRole('link', { name: 'Offerings' }).click();
  await expect(page.getByLabel('Type')).toHaveValue('');
  await expect(page.getByLabel('Cash')).not.toBeChecked();
  await expect(page.getByLabel('Amount (GHS)')).toHaveCount(0);
});

test('bank: shows the fixed details; a tithe gets a BT- code, another type a Thank You', async ({
  page,
}) => {
  await fillDetails(page, 'tithe');
  await page.getByLabel('Bank Transfer').check();
  await page.getByLabel('Fidelity').check();
  const details = page.getByRole('definition');
  await expect(page.getByText('Santasi')).toBeVisible();
  await page.getByLabel('Prudential').check();
  await expect(page.getByText('Adum')).toBeVisible();
  await expect(details.first()).toHaveText(/ Church$/);
  await page.getByLabel('Amount (GHS)').fill('120.50');
  await page.getByRole('button', { name: 'Give' }).click();

  const codeModal = page.getByRole('dialog', { name: 'Your Transfer Code' });
  await expect(codeModal.getByTestId('gift-code')).toHaveText(/^BT-\d{5}$/);
  await expect(codeModal).toContainText('GHS 120.50');
  await codeModal.getByRole('button', { name: 'Got It' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/offerings');
  await fillDetails(page, 'welfare');
  await page.getByLabel('Bank Transfer').check();
  await page.getByLabel('Fidelity').check();
  await page.getByLabel('Amount (GHS)').fill('30');
  await page.getByRole('button', { name: 'Give' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank You' });
  await expect(thanks).toContainText('welfare of GHS 30.00');
  await expect(thanks.getByTestId('gift-code')).toHaveCount(0);
  await thanks.getByRole('button', { name: 'Got It' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('card: the test checkout approves, and the return page confirms with the server', async ({
  page,
}) => {
  await fillDetails(page, 'missions');
  await page.getByLabel('Card').check();
  await expect(page.getByText('Test mode — no real money')).toBeVisible();
  await page.getByLabel('Email').fill('Ama.Mensah@Example.com');
  await page.getByLabel('Amount (GHS)').fill('75');
  await page.getByRole('button', { name: 'Continue to card payment' }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/FLK-CARD-/);
  await expect(page.getByText('Test mode — no real money')).toBeVisible();
  await expect(page.getByText('GHS 75.00')).toBeVisible();
  await expect(page.getByText('ama.mensah@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page).toHaveURL(/\/offerings\/card\/callback\?reference=FLK-CARD-/);
  await expect(page.getByRole('heading', { name: 'Payment Received' })).toBeVisible();
  await expect(page.getByText('Your card payment of GHS 75.00 was received.')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('card: a declined payment is reported as failed and offers to try again', async ({ page }) => {
  await fillDetails(page, 'seed');
  await page.getByLabel('Card').check();
  await page.getByLabel('Email').fill('ama@example.com');
  await page.getByLabel('Amount (GHS)').fill('10');
  await page.getByRole('button', { name: 'Continue to card payment' }).click();
  await page.getByRole('button', { name: 'Decline payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/offerings$/);
});

test('card: the return page for an unknown reference says so', async ({ page }) => {
  await page.goto('/offerings/card/callback?reference=FLK-CARD-NOPE-0000000000');
  await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
  // Not one of our references at all: not found either, not 'could not reach the server'.
  await page.goto('/offerings/card/callback?reference=nope');
  await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
  await expect(page.getByText(/could not reach the server/)).toHaveCount(0);
});

test('mobile money: processing screens, then the real result from the server', async ({ page }) => {
  await fillDetails(page, 'offering');
  await page.getByLabel('Mobile Money').check();
  await expect(page.getByText('MTN *170#')).toBeVisible();
  await expect(page.getByText('Telecel *110#')).toBeVisible();
  await expect(page.getByText('AT *110#')).toBeVisible();
  await page.getByLabel('Mobile money number').fill('024 123 4567');
  await form(page).getByLabel('Telecel', { exact: true }).check();
  await page.getByLabel('Amount (GHS)').fill('20');
  await page.getByRole('button', { name: 'Give' }).click();

  const started = Date.now();
  await expect(
    page.getByRole('dialog', { name: m.shared_giving_processing_offering() }),
  ).toBeVisible();
  const waiting = page.getByRole('dialog', { name: m.shared_giving_processing_payment() });
  await expect(waiting).toBeVisible();
  // Spec §4: the first screen stays 2.5 s.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  await expect(waiting).toContainText('30-60 seconds');
  await expect(waiting).toContainText('*110#');
  await expect(waiting.getByRole('button', { name: 'I Have Paid' })).toBeVisible();
  await expect(waiting.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // The sandbox approves after a few seconds through the real callback path.
  const received = page.getByRole('dialog', { name: 'Payment Received' });
  await expect(received).toBeVisible({ timeout: 20_000 });
  await expect(received).toContainText('offering of GHS 20.00 was received');
  await received.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

async function startMomo(page: Page, amount: string) {
  await fillDetails(page, 'pledge');
  await page.getByLabel('Mobile Money').check();
  await page.getByLabel('Mobile money number').fill('024 765 4321');
  await form(page).getByLabel('MTN', { exact: true }).check();
  await page.getByLabel('Amount (GHS)').fill(amount);
  await page.getByRole('button', { name: 'Give' }).click();
  const waiting = page.getByRole('dialog', { name: m.shared_giving_processing_payment() });
  await expect(waiting).toBeVisible();
  return waiting;
}

test('mobile money: Cancel stops waiting and says approving on the phone still completes the gift', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const waiting = await startMomo(page, '3');
  await waiting.getByRole('button', { name: 'Cancel' }).click();
  // Flock cannot withdraw a prompt already on the phone: it says so (issue 30).
  const stopped = page.getByRole('dialog', { name: 'Stopped Waiting' });
  await expect(stopped).toBeVisible();
  await expect(stopped).toContainText(
    'approving it there will still complete your pledge of GHS 3.00',
  );
  await expect(stopped).toContainText('pending in your payment history');
  // The gift is in the history (this device's, for a guest), and the sandbox's approval, which
  // comes a few seconds later, completes it.
  await stopped.getByRole('link', { name: 'Payment History' }).click();
  const entry = page
    .getByRole('list', { name: 'Payment History' })
    .getByRole('listitem')
    .filter({ hasText: 'GHS 3.00' });
  await expect(entry).toContainText('Mobile Money');
  await expect(async () => {
    await page.reload();
    await expect(entry).toContainText('success', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // Nothing waits on /offerings any more: the form is empty.
  await page.goto('/offerings');
  await expect(page.getByRole('form', { name: 'Give' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("mobile money: 'I Have Paid' shows the gift's live status, not home", async ({ page }) => {
  const waiting = await startMomo(page, '4');
  await waiting.getByRole('button', { name: 'I Have Paid' }).click();
  await expect(page.getByRole('dialog', { name: 'Checking Your Payment' })).toBeVisible();
  await expect(page).toHaveURL(/\/offerings$/);
  const received = page.getByRole('dialog', { name: 'Payment Received' });
  await expect(received).toBeVisible({ timeout: 20_000 });
  await expect(received.getByRole('link', { name: 'Payment History' })).toBeVisible();
});

test('mobile money: a reload while waiting shows the pending gift, not an empty form', async ({
  page,
}) => {
  await startMomo(page, '6');
  await page.reload();
  // Still waiting on the same gift (or, if the network was quick, its result).
  await expect(
    page
      .getByRole('dialog', { name: m.shared_giving_processing_payment() })
      .or(page.getByRole('dialog', { name: 'Payment Received' })),
  ).toBeVisible();
  const received = page.getByRole('dialog', { name: 'Payment Received' });
  await expect(received).toBeVisible({ timeout: 20_000 });
  await expect(received).toContainText('pledge of GHS 6.00 was received');
  await received.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Done: the next visit to /offerings is a fresh form.
  await page.goto('/offerings');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('mobile money: asks for the OTP when the network wants one, then waits for approval', async ({
  page,
}) => {
  await fillDetails(page, 'tithe');
  await page.getByLabel('Mobile Money').check();
  // The sandbox asks numbers ending in 000 for an OTP; its code is 123456.
  await page.getByLabel('Mobile money number').fill('0241234000');
  await form(page).getByLabel('MTN', { exact: true }).check();
  await page.getByLabel('Amount (GHS)').fill('15');
  await page.getByRole('button', { name: 'Give' }).click();

  const otp = page.getByRole('dialog', { name: 'Confirm Your Payment' });
  await expect(otp).toBeVisible();
  await otp.getByLabel('Code').fill('999999');
  await otp.getByRole('button', { name: 'Continue' }).click();
  await expect(otp.getByText('Invalid OTP')).toBeVisible();
  await otp.getByLabel('Code').fill('123456');
  await otp.getByRole('button', { name: 'Continue' }).click();

  const waiting = page.getByRole('dialog', { name: m.shared_giving_processing_payment() });
  await expect(waiting).toBeVisible();
  // 'I Have Paid' follows the gift (decision 029), here to its approval.
  await waiting.getByRole('button', { name: 'I Have Paid' }).click();
  await expect(page.getByRole('dialog', { name: 'Payment Received' })).toBeVisible({
    timeout: 20_000,
  });
});

test('mobile money: a declined payment says so, and Try Again keeps what was typed', async ({
  page,
}) => {
  await fillDetails(page, 'pledge');
  await page.getByLabel('Mobile Money').check();
  // The sandbox declines numbers ending in 999.
  await page.getByLabel('Mobile money number').fill('0241234999');
  await form(page).getByLabel('AT', { exact: true }).check();
  await page.getByLabel('Amount (GHS)').fill('5');
  await page.getByRole('button', { name: 'Give' }).click();

  const failed = page.getByRole('dialog', { name: 'Payment Failed' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await failed.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Mobile money number')).toHaveValue('0241234999');
  await expect(page.getByLabel('Amount (GHS)')).toHaveValue('5');
  await expect(form(page).getByLabel('AT', { exact: true })).toBeChecked();
});

test.describe('when the providers cannot be reached', () => {
  // Its own app with real provider keys pointing at a closed port: the real adapters time out
  // or are refused, which is what a provider outage looks like.
  let app: RunningApp;
  test.beforeAll(async () => {
    app = await startApp({
      PAYSTACK_SECRET_KEY: 'sk_test_unreachable',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
      MOOLRE_API_USER: 'flock',
      MOOLRE_API_KEY: 'key',
      MOOLRE_ACCOUNT_NUMBER: '10000000',
      MOOLRE_CALLBACK_SECRET: 'secret',
      MOOLRE_BASE_URL: 'http://127.0.0.1:9',
    });
  });
  test.afterAll(async () => {
    await app?.dispose();
  });

  test('mobile money says the spec message and returns to the form', async ({ page }) => {
    await page.goto(`${app.baseURL}/offerings`);
    await fillDetails(page, 'offering');
    await page.getByLabel('Mobile Money').check();
    await expect(page.getByText('Test mode — no real money')).toHaveCount(0);
    await page.getByLabel('Mobile money number').fill('0241234567');
    await form(page).getByLabel('MTN', { exact: true }).check();
    await page.getByLabel('Amount (GHS)').fill('20');
    await page.getByRole('button', { name: 'Give' }).click();
    await expect(page.getByText(m.shared_giving_momo_failed())).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Amount (GHS)')).toHaveValue('20');
  });

  test('card says the spec message and stays on the form', async ({ page }) => {
    await page.goto(`${app.baseURL}/offerings`);
    await fillDetails(page, 'offering');
    await page.getByLabel('Card').check();
    await page.getByLabel('Email').fill('ama@example.com');
    await page.getByLabel('Amount (GHS)').fill('20');
    await page.getByRole('button', { name: 'Continue to card payment' }).click();
    await expect(page.getByText(m.shared_giving_card_failed())).toBeVisible();
    await expect(page).toHaveURL(/\/offerings$/);
  });
});

test.describe('started in development without PUBLIC_URL', () => {
  // Issue 30: the server's default address is http://localhost:PORT; a member who opened
  // http://127.0.0.1:PORT must come back from the card payment where their session is.
  let app: RunningApp;
  test.beforeAll(async () => {
    app = await startApp({ PUBLIC_URL: '' });
  });
  test.afterAll(async () => {
    await app?.dispose();
  });

  test('a card payment returns the member to the address they came from, still signed in', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('returning');
    const password = 'returning-pass-123';
    await signUpWithForm(
      page,
      { firstName: 'Esi', lastName: 'Owusu', email, password },
      app.baseURL,
    );
    await confirmEmail(page, email, app.baseURL);
    await page.goto(`${app.baseURL}/auth`);
    await logIn(page, email, password, app.baseURL);

    await page.goto(`${app.baseURL}/offerings`);
    await page.getByLabel('Type').selectOption('seed');
    await page.getByLabel('Card').check();
    await page.getByLabel('Amount (GHS)').fill('10');
    await page.getByRole('button', { name: 'Continue to card payment' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await page.waitForURL(/\/offerings\/card\/callback\?reference=FLK-CARD-/);
    expect(new URL(page.url()).origin).toBe(app.baseURL);
    await expect(page.getByRole('heading', { name: 'Payment Received' })).toBeVisible();
    // Still signed in: the member's own link to their history is there, and it opens.
    await page.getByRole('link', { name: 'Payment history' }).click();
    await expect(page.getByRole('list', { name: 'Payment History' })).toContainText('GHS 10.00');
  });
});

test('works at 360 px without sideways scrolling', async ({ page }) => {
  await fillDetails(page, 'tithe');
  for (const method of ['Mobile Money', 'Card', 'Bank Transfer', 'Cash']) {
    await page.getByLabel(method).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  }
});
