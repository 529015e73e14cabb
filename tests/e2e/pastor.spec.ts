import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { applyAsPastor, approve } from './support/pastor.ts';
import { checkScreen, SCREEN_SIZES } from './support/screens.ts';
import { useSpecApp } from './support/spec-app.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// The pastor portal (issue 9): two approved pastors in two browser contexts, a pastor still
// under review, and a member. Its own app: ADMIN_EMAILS makes the overseer an admin.
test.describe.configure({ mode: 'serial' });

const admin = { email: 'overseer@example.com', password: 'overseer-pass-1', firstName: 'Abena' };
const ama = { email: 'ama@example.com', password: 'ama-pass-1234', firstName: 'Ama' };
const kofi = { email: 'kofi@example.com', password: 'kofi-pass-1234', firstName: 'Kofi' };
const yaw = { email: 'yaw@example.com', password: 'yaw-pass-1234', firstName: 'Yaw' };
const member = { email: 'efua@example.com', password: 'efua-pass-1234', firstName: 'Efua' };

const spec = useSpecApp(admin, [ama, kofi, yaw, member], { timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const base = spec.app.baseURL;
  const adminState = spec.state(admin);
  await approve(
    base,
    adminState,
    await applyAsPastor(base, spec.state(ama), {
      full_name: 'Ama Serwaa Mensah',
      email: ama.email,
      pastor_type: 'full-time',
    }),
  );
  await approve(
    base,
    adminState,
    await applyAsPastor(base, spec.state(kofi), {
      full_name: 'Kofi Adjei Mensah',
      email: kofi.email,
      pastor_type: 'lay',
    }),
  );
  // Yaw's application is still under review.
  await applyAsPastor(base, spec.state(yaw), {
    full_name: 'Yaw Boateng',
    email: yaw.email,
    pastor_type: 'full-time',
  });
});

const open = spec.open;

/** Opens the conversation with `name` from the pastors list. */
async function openChat(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Pastors' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Mensah/ })).toBeVisible();
}

const log = (page: Page) => page.getByRole('log');
const bubble = (page: Page, text: string | RegExp) =>
  log(page).getByRole('listitem').filter({ hasText: text });

test('the portal: the cards for a pastor, a clear message for others, /auth when signed out', async ({
  browser,
}) => {
  const page = await open(browser, ama, '/pastor/admin-resources');
  for (const card of [
    'Accounts',
    'Appointment Status',
    'Information Desk',
    'Yearly Calendar',
    'Messages',
  ]) {
    await expect(page.getByRole('link', { name: new RegExp(`^${card}`) })).toBeVisible();
  }
  await page.getByRole('link', { name: /^Accounts/ }).click();
  await expect(page.getByText(/monthly payslips/)).toBeVisible();

  await page.goto('/pastor/ministry-resources');
  await page.getByRole('link', { name: /^Sermon Archive & Transcripts/ }).click();
  await expect(page).toHaveURL(/\/pastor\/sermon-archive$/);
  await expect(page.getByText(/coming soon/)).toBeVisible();
  await page.context().close();

  const other = await open(browser, member, '/pastor/messages');
  await expect(other.getByRole('heading', { name: 'Pastors only' })).toBeVisible();
  await expect(other.getByText(m.shared_pastor_only_pastors())).toBeVisible();
  await other.context().close();

  const visitor = await open(browser, null, '/pastor/messages');
  await expect(visitor).toHaveURL(/\/auth$/);
  await visitor.context().close();
});

test('a message arrives without reload; an edit and a delete for everyone show on the other side', async ({
  browser,
}) => {
  const amaPage = await open(browser, ama, '/pastor/messages');
  const kofiPage = await open(browser, kofi, '/pastor/messages');
  await openChat(amaPage, 'Kofi Mensah');
  await openChat(kofiPage, 'Ama Mensah');

  // Both sockets are open: the pages do not poll then.
  for (const page of [amaPage, kofiPage]) {
    await expect(page.locator('[data-realtime="open"]')).toHaveCount(1);
  }
  const box = amaPage.getByLabel('Message to Kofi Mensah');
  await box.fill('Prayer meeting at 5 pm');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(bubble(amaPage, 'Prayer meeting at 5 pm')).toBeVisible();
  // No poll runs while the socket is open: the socket delivered it.
  await expect(bubble(kofiPage, 'Prayer meeting at 5 pm')).toBeVisible({ timeout: 2500 });

  // Ama edits it, with the keyboard: Kofi sees the new words, marked as edited.
  const options = bubble(amaPage, 'Prayer meeting at 5 pm').getByRole('button', {
    name: 'Options for this message',
  });
  await options.focus();
  await amaPage.keyboard.press('Enter');
  await expect(amaPage.getByRole('button', { name: 'Edit' })).toBeFocused();
  await amaPage.keyboard.press('Escape');
  await expect(amaPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(options).toBeFocused();
  await amaPage.keyboard.press('Enter');
  await amaPage.keyboard.press('Enter');
  const edit = amaPage.getByLabel('Edit message');
  await edit.fill('Prayer meeting at 6 pm');
  await amaPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(bubble(kofiPage, 'Prayer meeting at 6 pm')).toContainText('edited');

  // Deleted for everyone: both see 'This message was deleted'.
  await bubble(amaPage, 'Prayer meeting at 6 pm')
    .getByRole('button', { name: 'Options for this message' })
    .click();
  await amaPage.getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(bubble(kofiPage, m.shared_pastor_deleted())).toBeVisible();
  await expect(bubble(amaPage, m.shared_pastor_deleted())).toBeVisible();
  await expect(log(kofiPage)).not.toContainText('Prayer meeting');

  await amaPage.context().close();
  await kofiPage.context().close();
});

test('on a phone the composer is in view and the support button covers no control', async ({
  browser,
}) => {
  const page = await open(browser, ama, '/pastor/messages');
  await openChat(page, 'Kofi Mensah');
  const box = page.getByLabel('Message to Kofi Mensah');
  for (let i = 1; i <= 12; i++) {
    const text = `Line ${i} of the plan for Sunday`;
    await box.fill(text);
    for (;;) {
      const answer = page.waitForResponse(
        (res) => res.request().method() === 'POST' && res.url().endsWith('/messages'),
      );
      await box.press('Enter');
      const res = await answer;
      if (res.status() !== 429) break;
      // Ten messages in ten seconds is what one pastor may send (decision 032): the composer
      // says how long to wait and keeps the text.
      await expect(page.locator('.composer-error')).toContainText('faster than Flock allows');
      await expect(box).toHaveValue(text);
      await page.waitForTimeout(Number(res.headers()['retry-after']) * 1000 + 200);
    }
    await expect(bubble(page, `Line ${i} of the plan`)).toBeVisible();
  }
  const overlap = (
    a: { x: number; y: number; width: number; height: number },
    b: { x: number; y: number; width: number; height: number },
  ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.reload();
    await expect(bubble(page, 'Line 12 of the plan')).toBeVisible();
    const newest = bubble(page, 'Line 12 of the plan');
    const controls = {
      'the message box': box,
      Send: page.getByRole('button', { name: 'Send' }),
      'the attach button': page.locator('.composer-attach'),
      'the newest message': newest.locator('.message-bubble'),
      "the newest message's options": newest.getByRole('button', {
        name: 'Options for this message',
      }),
    };
    const support = (await page.getByRole('button', { name: 'Contact support' }).boundingBox())!;
    // The newest message is shown inside the conversation's scrolling box, not below it.
    const logBox = (await log(page).boundingBox())!;
    const newestBox = (await newest.boundingBox())!;
    expect(newestBox.y + newestBox.height).toBeLessThanOrEqual(logBox.y + logBox.height + 1);
    expect(newestBox.y).toBeGreaterThanOrEqual(logBox.y);
    for (const [name, control] of Object.entries(controls)) {
      const at = (await control.boundingBox())!;
      expect(at, `${name} at ${size.width}×${size.height}`).toBeTruthy();
      // In view without scrolling the page.
      expect(
        at.y + at.height,
        `${name} in view at ${size.width}×${size.height}`,
      ).toBeLessThanOrEqual(size.height);
      expect(overlap(at, support), `the support button covers ${name} at ${size.width}`).toBe(
        false,
      );
    }
  }
  // From wide to narrow (as when the keyboard opens), the newest message stays in view.
  await page.setViewportSize(SCREEN_SIZES[0]);
  const logBox = (await log(page).boundingBox())!;
  await expect
    .poll(async () => {
      const b = (await bubble(page, 'Line 12 of the plan').boundingBox())!;
      return b.y + b.height <= logBox.y + logBox.height + 1;
    })
    .toBe(true);
  await checkScreen(page, 'pastor-messages-conversation');
  await page.context().close();
});

test('a failed send keeps the typed text and says so; a failed upload says so too', async ({
  browser,
}) => {
  const page = await open(browser, ama, '/pastor/messages');
  await openChat(page, 'Kofi Mensah');
  await page.route('**/api/pastor/conversations/*/messages', (route) => route.abort());
  const box = page.getByLabel('Message to Kofi Mensah');
  await box.fill('This one will not go');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(m.shared_pastor_send_failed());
  await expect(box).toHaveValue('This one will not go');

  await page.route('**/api/pastor/conversations/*/files*', (route) => route.abort());
  await page.getByLabel('Attach a file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Notes\n'),
  });
  await expect(page.getByRole('alert')).toContainText(m.shared_pastor_upload_failed());
  await expect(log(page)).not.toContainText('notes.txt');
  await page.context().close();
});

test('while the socket is down the page says so and checks every 3 s', async ({ browser }) => {
  const kofiPage = await browser
    .newContext({ baseURL: spec.app.baseURL, storageState: spec.state(kofi) })
    .then((context) => context.newPage());
  // Every socket the page opens is closed at once, as on a network that drops them.
  await kofiPage.routeWebSocket('**/api/pastor/socket', (socket) => socket.close());
  await kofiPage.goto('/pastor/messages');
  await openChat(kofiPage, 'Ama Mensah');
  await expect(kofiPage.locator('[data-realtime="down"]')).toHaveCount(1);
  await expect(kofiPage.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeVisible();

  const amaPage = await open(browser, ama, '/pastor/messages');
  await openChat(amaPage, 'Kofi Mensah');
  const box = amaPage.getByLabel('Message to Kofi Mensah');
  await box.fill('Sent while your socket is down');
  await box.press('Enter');
  // The 3 s poll brings it (with a margin for a busy machine).
  await expect(bubble(kofiPage, 'Sent while your socket is down')).toBeVisible({
    timeout: 6000,
  });
  await amaPage.context().close();
  await kofiPage.context().close();
});

test('an attachment is sent and downloads on the other side', async ({ browser }) => {
  const amaPage = await open(browser, ama, '/pastor/messages');
  const kofiPage = await open(browser, kofi, '/pastor/messages');
  await openChat(amaPage, 'Kofi Mensah');
  await openChat(kofiPage, 'Ama Mensah');

  await amaPage.getByLabel('Attach a file').setInputFiles({
    name: 'sermon-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Notes for Sunday: Psalm 23\n'),
  });
  const link = kofiPage.getByRole('link', { name: /sermon-notes\.txt/ });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([kofiPage.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('sermon-notes.txt');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('Notes for Sunday: Psalm 23\n');

  await amaPage.context().close();
  await kofiPage.context().close();
});

test('delete chat hides the conversation on one side only', async ({ browser }) => {
  const amaPage = await open(browser, ama, '/pastor/messages');
  const kofiPage = await open(browser, kofi, '/pastor/messages');
  await openChat(amaPage, 'Kofi Mensah');
  await openChat(kofiPage, 'Ama Mensah');
  const box = amaPage.getByLabel('Message to Kofi Mensah');
  await box.fill('Before Kofi deletes the chat');
  await box.press('Enter');
  await expect(bubble(kofiPage, 'Before Kofi deletes the chat')).toBeVisible();

  await kofiPage.getByRole('button', { name: 'Delete chat' }).click();
  await kofiPage.getByRole('dialog').getByRole('button', { name: 'Delete chat' }).click();
  await expect(log(kofiPage)).toContainText('No messages yet.');
  await kofiPage.reload();
  await expect(log(kofiPage)).toContainText('No messages yet.');

  await amaPage.reload();
  await expect(bubble(amaPage, 'Before Kofi deletes the chat')).toBeVisible();

  await amaPage.context().close();
  await kofiPage.context().close();
});

test('the appointment letter: full-time, lay, and not approved', async ({ browser }) => {
  const amaPage = await open(browser, ama, '/pastor/admin-resources/appointment');
  const letter = amaPage.getByRole('article', { name: /Full-time Pastor/ });
  await expect(letter).toContainText('Ama Serwaa Mensah');
  await expect(letter).toContainText('Grace');
  await expect(letter).toContainText('1st October 2025');
  await expect(letter).toContainText('General Overseer');
  const [download] = await Promise.all([
    amaPage.waitForEvent('download'),
    amaPage.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^appointment-letter-.*\.pdf$/);
  expect(
    fs
      .readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await amaPage.context().close();

  const kofiPage = await open(browser, kofi, '/pastor/admin-resources/appointment');
  await expect(kofiPage.getByRole('article', { name: /Lay Pastor/ })).toContainText(
    'Kofi Adjei Mensah',
  );
  await kofiPage.context().close();

  const yawPage = await open(browser, yaw, '/pastor/admin-resources/appointment');
  await expect(yawPage.getByText('still under review or not approved')).toBeVisible();
  await yawPage.context().close();
});
