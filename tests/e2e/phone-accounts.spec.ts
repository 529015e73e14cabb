import type { Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { checkScreen } from './support/screens.ts';
import { createAccount } from './support/sessions.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// Phone-first members (issue 32): a member without email signs up with a phone from the
// login screen, proves it with the code from the dev outbox, later resets the password by
// SMS and logs in with phone and password. What the server refuses is in phone.test.ts.

/** A Ghana mobile number, typed after the +233 the phone input starts with. */
const localNumber = () => `24${String(Date.now()).slice(-7)}`;

/** The newest code texted to this number (E.164), from the dev outbox. */
async function codeTo(page: Page, phone: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/dev/outbox.json')).json()) as {
        messages: { to: string; text: string }[];
      };
      const mine = messages.filter((m) => m.to === phone);
      code = mine.length > after ? (/^(\d{6}) is your/.exec(mine[0]!.text)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

const outboxCount = async (page: Page, phone: string) => {
  const { messages } = (await (await page.request.get('/dev/outbox.json')).json()) as {
    messages: { to: string }[];
  };
  return messages.filter((m) => m.to === phone).length;
};

test('a member without email signs up with a phone, proves it by SMS code, resets the password by SMS and logs in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const local = localNumber();
  const phone = `+233${local}`;

  await page.goto('/auth');
  await page.getByRole('link', { name: 'No email? Use your phone number' }).click();
  await expect(page).toHaveURL(/\/auth\/phone$/);
  await expect(page.getByRole('heading', { name: 'Log in with your phone' })).toBeVisible();
  await checkScreen(page, 'phone-login');

  await page.getByRole('button', { name: 'New here? Sign up with your phone' }).click();
  await page.getByLabel('First name').fill('Kwabena');
  await page.getByLabel('Last name').fill('Asante');
  await page.getByLabel('Phone', { exact: true }).fill(local);
  await page.getByLabel('Assembly').selectOption('grace');
  await page.getByLabel('Password', { exact: true }).fill('phone first 1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page.getByText(m.shared_phone_accounts_code_sent())).toContainText(phone);
  await checkScreen(page, 'phone-code');
  // A wrong code is said so, beside the form.
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  const code = await codeTo(page, phone);
  if (code !== '000000') {
    await expect(page.getByRole('alert')).toHaveText(m.shared_phone_accounts_code_invalid());
  }
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(m.shared_phone_accounts_signed_up())).toBeVisible();

  // The profile says there is no email, and receipts come by SMS: email is not offered, so a
  // receipt cannot be sent where nothing reaches the member (issue 48, item 2).
  await page.goto('/profile');
  await expect(page.getByText('None (you log in with your phone)')).toBeVisible();
  await expect(page.getByTestId('receipt-channel')).toHaveText(
    `Your account has no email, so receipts, codes and notices come by SMS to ${phone.replace(/^\+233(\d{2})(\d{3})(\d{4})$/, '+233 $1 $2 $3')}.`,
  );
  await expect(page.getByRole('radio', { name: 'Email' })).toHaveCount(0);
  await checkScreen(page, 'profile-phone-only');

  // Signed out, the password is forgotten and reset by SMS.
  await page.context().clearCookies();
  await page.goto('/auth/phone');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const before = await outboxCount(page, phone);
  await page.getByLabel('Phone', { exact: true }).fill(local);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText(m.shared_phone_accounts_reset_code_sent())).toBeVisible();
  const resetCode = await codeTo(page, phone, before);
  await page.getByLabel('6-digit code').fill(resetCode);
  await page.getByLabel('New password').fill('a new one 22');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  const done = page.getByRole('dialog', { name: m.shared_phone_accounts_password_reset() });
  await done.getByRole('button', { name: 'Okay' }).click();

  await page.getByLabel('Phone', { exact: true }).fill(local);
  await page.getByLabel('Password', { exact: true }).fill('a new one 22');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a member with email proves the profile phone by SMS code, then logs in with it', async ({
  browser,
  baseURL,
}) => {
  const local = localNumber();
  const phone = `+233${local}`;
  const email = uniqueEmail('adds-phone');
  const storageState = await createAccount(baseURL!, { email, password: 'long-enough-1', phone });
  const context = await browser.newContext({ storageState, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Phone for login and USSD' });
  await expect(section).toContainText('Prove +233');
  await section.getByRole('button', { name: 'Send code' }).click();
  const code = await codeTo(page, phone);
  await section.getByLabel('6-digit code').fill(code);
  await section.getByRole('button', { name: 'Verify phone' }).click();
  await expect(section).toContainText('You can log in with +233');
  await checkScreen(page, 'profile-phone');
  await context.close();

  const fresh = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const login = await fresh.newPage();
  await login.goto('/auth/phone');
  await login.getByLabel('Phone', { exact: true }).fill(local);
  await login.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(login).toHaveURL(/\/home$/);
  await fresh.close();
});

test('a stranger signing up with the same number cannot take the owner’s sign-up over (issue 47)', async ({
  page,
  browser,
  baseURL,
}) => {
  const local = localNumber();
  const phone = `+233${local}`;
  await page.goto('/auth/phone');
  await page.getByRole('button', { name: 'New here? Sign up with your phone' }).click();
  await page.getByLabel('First name').fill('Owner');
  await page.getByLabel('Last name').fill('Asante');
  await page.getByLabel('Phone', { exact: true }).fill(local);
  await page.getByLabel('Assembly').selectOption('grace');
  await page.getByLabel('Password', { exact: true }).fill('the owner 12');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await codeTo(page, phone);

  // A stranger signs up with the owner's number and a password of their own.
  const stranger = await browser.newContext({ baseURL });
  const res = await stranger.request.post('/api/accounts/sign-up/phone', {
    headers: { origin: baseURL! },
    data: {
      firstName: 'Stranger',
      lastName: 'Boateng',
      phone,
      assembly: 'grace',
      password: 'stranger pass 1',
    },
  });
  expect(res.status()).toBe(201);
  await stranger.close();

  // The newest code on the owner's handset is the stranger's: it proves nothing here.
  const strangers = await codeTo(page, phone, 1);
  await page.getByLabel('6-digit code').fill(strangers);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(m.shared_phone_accounts_code_invalid());

  // A new code for the owner's own sign-up opens the owner's account.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  const own = await codeTo(page, phone, 2);
  await page.getByLabel('6-digit code').fill(own);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { fullName: string } };
  expect(me.user.fullName).toBe('Owner Asante');
});
