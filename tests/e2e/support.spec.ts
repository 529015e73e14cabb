import { request } from '@playwright/test';
import { ADDRESS_SHARE } from '../../src/server/platform/rate-limit.ts';
import { startApp, type RunningApp } from './support/harness.ts';
import { checkScreen } from './support/screens.ts';
import { uniquePhone } from './support/sessions.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// Its own app, so the spec can read the row the request created (on PGlite that means
// stopping the app first) and can make the server refuse a request (a limit of 1 per member,
// so ADDRESS_SHARE per anonymous client address).
let app: RunningApp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  app = await startApp({ SUPPORT_RATE_LIMIT: '1' });
});

test.afterAll(async () => {
  await app?.dispose();
});

test('the support button opens the modal and every field is required', async ({ page }) => {
  await page.goto(app.baseURL + '/');
  await page.getByRole('button', { name: 'Contact support' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toBeFocused();

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Full name is required.')).toBeVisible();
  await expect(dialog.getByText('Email is required.')).toBeVisible();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await expect(dialog.getByText('Please describe the issue.')).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Contact support' })).toBeFocused();
});

test('a sent request shows the confirmation for 3 s, then a refused one says so', async ({
  page,
}) => {
  await page.goto(app.baseURL + '/some/unknown/page');
  await page.getByRole('button', { name: 'Contact support' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill('Kwame Boateng');
  await dialog.getByLabel('Email').fill('kwame@example.com');
  await dialog.getByLabel('Title').fill('Receipt for my tithe');
  await dialog.getByLabel('Issue').fill('Please send me a receipt for last Sunday.');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  const confirmation = page.getByText(m.shared_support_success());
  await expect(confirmation).toBeVisible();
  const shownAt = Date.now();
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2_000);

  // The support inbox got a mail (kept in the dev mailbox: no SMTP in tests).
  const mailbox = await (await page.request.get(app.baseURL + '/dev/mailbox.json')).json();
  expect(mailbox.mails[0]).toMatchObject({
    to: 'support@flock.example',
    subject: expect.stringContaining('Receipt for my tithe'),
  });

  // Others behind the same address use up what an anonymous address may send (a malformed
  // request still counts, and stores nothing): the next is refused.
  for (let i = 1; i < ADDRESS_SHARE; i++) {
    const filler = await page.request.post(app.baseURL + '/api/support', {
      headers: { origin: app.baseURL },
      data: { full_name: 'x' },
    });
    expect(filler.status()).toBe(400);
  }
  await page.getByRole('button', { name: 'Contact support' }).click();
  await dialog.getByLabel('Full name').fill('Kwame Boateng');
  await dialog.getByLabel('Email').fill('kwame@example.com');
  await dialog.getByLabel('Title').fill('Second request');
  await dialog.getByLabel('Issue').fill('Another question.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(m.shared_support_failure());
  // Nothing the member typed is lost.
  await expect(dialog.getByLabel('Title')).toHaveValue('Second request');
});

/** A member who signed up with a phone (no email), its code read from the dev outbox. */
async function phoneMember(phone: string) {
  const api = await request.newContext({
    baseURL: app.baseURL,
    extraHTTPHeaders: { origin: app.baseURL },
  });
  try {
    const created = await api.post('/api/accounts/sign-up/phone', {
      data: {
        firstName: 'Kwabena',
        lastName: 'Asante',
        phone,
        assembly: 'grace',
        password: 'phone first 1',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { messages } = (await (await api.get('/dev/outbox.json')).json()) as {
      messages: { to: string; text: string }[];
    };
    const code = /^(\d{6}) is your/.exec(messages.find((m) => m.to === phone)?.text ?? '')?.[1];
    const proved = await api.post('/api/auth/phone-sign-up/verify', {
      data: {
        phoneNumber: phone,
        code,
        signUp: ((await created.json()) as { signUp: string }).signUp,
      },
    });
    expect(proved.status(), await proved.text()).toBe(200);
    return await api.storageState();
  } finally {
    await api.dispose();
  }
}

for (const locale of ['en', 'ak'] as const) {
  test(`a member without email asks for support in ${locale}: no email asked, their phone answered (issue 48, item 5)`, async ({
    browser,
  }) => {
    const phone = uniquePhone();
    const context = await browser.newContext({
      storageState: await phoneMember(phone),
      viewport: { width: 360, height: 740 },
    });
    // A signed-in member's pages follow their account's language (decision 053).
    const language = await context.request.put(app.baseURL + '/api/profile/language', {
      data: { locale },
      headers: { origin: app.baseURL },
    });
    expect(language.status(), await language.text()).toBe(200);
    const page = await context.newPage();
    await page.goto(app.baseURL + '/home');
    await page.locator('.support-fab').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('input[type="email"]')).toHaveCount(0);
    await expect(dialog.locator('.form-intro')).toHaveText(
      locale === 'en'
        ? 'Tell us what went wrong and we will call or text you on the phone you log in with. All fields are required.'
        : /^Ka deɛ ɛkɔɔ basaa kyerɛ yɛn na yɛbɛfrɛ wo/,
    );
    await dialog.locator('input[autocomplete="name"]').fill('Kwabena Asante');
    await dialog.locator('input[autocomplete="off"]').fill('My gift is missing');
    await dialog.locator('textarea').fill('I gave GHS 12 by cash on Sunday.');
    await checkScreen(page, `support-phone-${locale}`);
    await page.screenshot({ path: `.tmp/support-phone-${locale}-360.png` });
    await dialog.locator('button[type="submit"]').click();
    await expect(page.getByRole('status')).toHaveText(
      locale === 'en'
        ? 'Confirmation received! Our team will call or text you on the phone you log in with.'
        : /^Yɛanya wo nkra no!/,
    );
    await context.close();
  });
}

test('the requests are stored as support_requests rows', async () => {
  expect(await app.stop()).toBe(0); // SIGTERM: a clean exit
  const rows = await app.query<{
    full_name: string;
    email: string | null;
    phone: string | null;
    title: string;
    issue: string;
  }>('select full_name, email, phone, title, issue from support_requests order by created_at');
  const byPhone = {
    full_name: 'Kwabena Asante',
    email: null,
    phone: expect.stringMatching(/^\+23324\d{7}$/),
    title: 'My gift is missing',
    issue: 'I gave GHS 12 by cash on Sunday.',
  };
  expect(rows).toEqual([
    {
      full_name: 'Kwame Boateng',
      email: 'kwame@example.com',
      phone: null,
      title: 'Receipt for my tithe',
      issue: 'Please send me a receipt for last Sunday.',
    },
    byPhone,
    byPhone,
  ]);
});
