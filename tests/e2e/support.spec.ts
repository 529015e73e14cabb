import { SUPPORT_MESSAGES } from '../../src/shared/schemas/support.ts';
import { ADDRESS_SHARE } from '../../src/server/platform/rate-limit.ts';
import { startApp, type RunningApp } from './support/harness.ts';
import { expect, test } from './support/test.ts';

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

  const confirmation = page.getByText(SUPPORT_MESSAGES.success);
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
  await expect(dialog.getByRole('alert')).toHaveText(SUPPORT_MESSAGES.failure);
  // Nothing the member typed is lost.
  await expect(dialog.getByLabel('Title')).toHaveValue('Second request');
});

test('the request is stored as a support_requests row', async () => {
  expect(await app.stop()).toBe(0); // SIGTERM: a clean exit
  const rows = await app.query<{ full_name: string; email: string; title: string; issue: string }>(
    'select full_name, email, title, issue from support_requests order by created_at',
  );
  expect(rows).toEqual([
    {
      full_name: 'Kwame Boateng',
      email: 'kwame@example.com',
      title: 'Receipt for my tithe',
      issue: 'Please send me a receipt for last Sunday.',
    },
  ]);
});
