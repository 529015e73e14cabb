import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startApp, type RunningApp } from './support/harness.ts';
import { applyAsPastor, approve } from './support/pastor.ts';
import { checkScreen, noSideScroll, openPhone } from './support/screens.ts';
import { createAccount, type StorageState } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

// The prayer wall (decision 036) in Chromium at 360×740: a member's request is held, never
// shown to another member until the pastor of their assembly approves it in the moderation
// tab; then another member taps 'I prayed' and the author marks it answered with a note; a
// report holds a request again, and the author deletes theirs. Its own app; tests in order.
test.describe.configure({ mode: 'serial' });

const admin = { email: 'admin@example.com', password: 'admin-pass-123', firstName: 'Abena' };
const author = { email: 'kofi@example.com', password: 'member-pass-123', firstName: 'Kofi' };
const other = { email: 'esi@example.com', password: 'member-pass-123', firstName: 'Esi' };
const pastor = { email: 'yaw@example.com', password: 'pastor-pass-123', firstName: 'Yaw' };
const shots = path.join(import.meta.dirname, '../../.tmp/screenshots');
const REQUEST = 'Please pray for my mother’s healing after her operation.';

let app: RunningApp;
let authorState: StorageState;
let otherState: StorageState;
let pastorState: StorageState;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.mkdirSync(shots, { recursive: true });
  app = await startApp({ ADMIN_EMAILS: admin.email, AUTH_RATE_LIMIT: '100' });
  const adminState = await createAccount(app.baseURL, admin);
  authorState = await createAccount(app.baseURL, author);
  otherState = await createAccount(app.baseURL, other);
  // Every account here is of Grace; the pastor's application names Grace too.
  pastorState = await createAccount(app.baseURL, pastor);
  const applicationId = await applyAsPastor(app.baseURL, pastorState, {
    full_name: 'Yaw Mensah',
    email: pastor.email,
    pastor_type: 'full-time',
  });
  await approve(app.baseURL, adminState, applicationId);
});

test.afterAll(async () => {
  await app?.dispose();
});

const open = (browser: Browser, state: StorageState, to: string) =>
  openPhone(browser, app.baseURL, state, to);

const requests = (page: Page) => page.getByRole('list', { name: 'Prayer requests' });

test('a request is held, and no other member sees it before a moderator approves it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await open(browser, authorState, '/home');
  await page.getByRole('link', { name: 'Prayer Wall' }).click();
  await expect(page).toHaveURL(/\/prayer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prayer Wall' })).toBeVisible();
  await expect(page.getByText('No prayer requests yet. Be the first to share one.')).toBeVisible();
  // A member is no moderator: no tabs.
  await expect(page.getByRole('tab')).toHaveCount(0);

  // The wall comes first; the form opens from its button, ready to type in.
  await page.getByRole('button', { name: 'Share a prayer request' }).click();
  await expect(page.getByLabel('Your request')).toBeFocused();
  // A mistake first: the form says what is missing, next to the field.
  await page.getByRole('button', { name: 'Share request' }).click();
  await expect(page.getByText('Write your prayer request.')).toBeVisible();
  await expect(page.getByLabel('Your request')).toBeFocused();
  await checkScreen(page, 'prayer-form');
  await page.screenshot({ path: path.join(shots, 'prayer-form-360.png') });

  await page.getByLabel('Your request').fill(REQUEST);
  await expect(page.getByRole('radio', { name: 'The whole church' })).toBeChecked();
  await page.getByRole('button', { name: 'Share request' }).click();
  await expect(
    page.getByText('Thank you. Your request will show once a moderator approves it.'),
  ).toBeVisible();
  const mine = requests(page).getByRole('listitem').filter({ hasText: REQUEST });
  await expect(mine).toContainText('Waiting for a moderator: only you can see it.');
  await expect(mine.getByRole('button', { name: /I prayed/ })).toHaveCount(0);
  // The form closed; focus went back to its button.
  await expect(page.getByRole('button', { name: 'Share a prayer request' })).toBeFocused();
  // The toast closed, so that nothing covers the screen while it is looked at; from the top.
  const held = page.getByRole('alert').filter({ hasText: 'once a moderator approves it' });
  await held.getByRole('button', { name: /close/i }).click();
  await expect(held).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await noSideScroll(page);
  await checkScreen(page, 'prayer');
  await page.screenshot({ path: path.join(shots, 'prayer-360.png') });

  // Another member of the same assembly: nothing there, not even after a reload.
  const otherPage = await open(browser, otherState, '/prayer');
  await expect(
    otherPage.getByText('No prayer requests yet. Be the first to share one.'),
  ).toBeVisible();
  await expect(otherPage.getByText(REQUEST)).toHaveCount(0);
  await otherPage.context().close();
  await page.context().close();
});

test('the pastor approves it in the moderation tab; a member prays; the author marks it answered', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await open(browser, pastorState, '/prayer');
  const wallTab = page.getByRole('tab', { name: 'Wall' });
  await expect(wallTab).toHaveAttribute('aria-selected', 'true');
  // Keyboard: the arrow keys move between the tabs.
  await wallTab.focus();
  await page.keyboard.press('ArrowRight');
  const moderationTab = page.getByRole('tab', { name: 'Moderation' });
  await expect(moderationTab).toHaveAttribute('aria-selected', 'true');
  await expect(moderationTab).toBeFocused();
  await expect(page).toHaveURL(/\?view=moderation$/);

  const held = page.getByRole('list', { name: 'Requests to moderate' }).getByRole('listitem');
  await expect(held).toHaveCount(1);
  await expect(held).toContainText(REQUEST);
  await expect(held).toContainText('Kofi Mensah');
  await noSideScroll(page);
  await checkScreen(page, 'prayer-moderation');
  await page.screenshot({ path: path.join(shots, 'prayer-moderation-360.png') });
  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Nothing is waiting for moderation.')).toBeVisible();
  await page.context().close();

  // Another member sees it now, and prays: counted once.
  const otherPage = await open(browser, otherState, '/prayer');
  const item = requests(otherPage).getByRole('listitem').filter({ hasText: REQUEST });
  await expect(item).toContainText('Kofi Mensah');
  await expect(item).toContainText('0 prayed');
  await item.getByRole('button', { name: 'I prayed' }).click();
  const prayed = item.getByRole('button', { name: 'You prayed' });
  await expect(item).toContainText('1 prayed');
  await expect(prayed).toHaveAttribute('aria-pressed', 'true');
  // Once per member: the button stays pressed and says so (the server counts a repeat once).
  await expect(prayed).toHaveAttribute('aria-disabled', 'true');

  // The author marks it answered, with a note everyone sees.
  const page2 = await open(browser, authorState, '/prayer');
  const mine = requests(page2).getByRole('listitem').filter({ hasText: REQUEST });
  await expect(mine.getByRole('button', { name: 'I prayed' })).toBeVisible();
  await expect(mine).toContainText('1 prayed');
  await mine.getByRole('button', { name: 'Mark answered' }).click();
  await expect(mine.getByLabel('How was it answered?')).toBeFocused();
  await page2.keyboard.type('She is home and walking again. Thank you all!');
  await mine.getByRole('button', { name: 'Save answer' }).click();
  await expect(mine).toContainText('Answered');
  await expect(mine).toContainText('She is home and walking again.');
  await expect(mine.getByRole('button', { name: 'Mark answered' })).toHaveCount(0);
  await page2.evaluate(() => window.scrollTo(0, 0));
  await page2.screenshot({ path: path.join(shots, 'prayer-answered-360.png') });

  await otherPage.reload();
  await expect(item).toContainText('She is home and walking again.');
  await otherPage.context().close();
  await page2.context().close();
});

test('a reported request is held again, anonymous hides the name, the author deletes it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const text = 'Strength for a hard week at work.';
  const page = await open(browser, authorState, '/prayer');
  await page.getByRole('button', { name: 'Share a prayer request' }).click();
  await page.getByLabel('Your request').fill(text);
  await page.getByLabel('Hide my name from other members').check();
  await page.getByRole('button', { name: 'Share request' }).click();
  const mine = requests(page).getByRole('listitem').filter({ hasText: text });
  await expect(mine).toContainText('You (name hidden from members)');

  const pastorPage = await open(browser, pastorState, '/prayer?view=moderation');
  const held = pastorPage.getByRole('listitem').filter({ hasText: text });
  await expect(held).toContainText('Kofi Mensah (name hidden from members)');
  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(held).toHaveCount(0);

  const otherPage = await open(browser, otherState, '/prayer');
  const item = requests(otherPage).getByRole('listitem').filter({ hasText: text });
  await expect(item.getByRole('strong')).toHaveText('A member');
  await item.getByRole('button', { name: 'Report' }).click();
  await item.getByRole('button', { name: 'Yes, report' }).click();
  await expect(otherPage.getByText('Reported. Thank you for telling us.')).toBeVisible();
  await expect(item).toHaveCount(0);

  await pastorPage.reload();
  await expect(held).toContainText('Reported by 1 member');

  await page.reload();
  await expect(mine).toContainText('Waiting for a moderator');
  await mine.getByRole('button', { name: 'Delete' }).click();
  await expect(mine.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await mine.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Request deleted.')).toBeVisible();
  await expect(mine).toHaveCount(0);
  await pastorPage.reload();
  await expect(pastorPage.getByText('Nothing is waiting for moderation.')).toBeVisible();
  for (const p of [page, pastorPage, otherPage]) await p.context().close();
});

test('a guest is told the wall needs an account', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: app.baseURL });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
  await page.goto('/prayer');
  await expect(page.getByText('The prayer wall needs an account.')).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Log In/Sign Up' }),
  ).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('button', { name: 'Share a prayer request' })).toHaveCount(0);
  await context.close();
});

test('a moderator rejects a request only after confirming with a reason, and can undo it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const text = 'Wisdom with my landlord, who wants us out by Friday.';
  const reason = 'It may be read as about a named person: please share it for pastors only.';
  const page = await open(browser, authorState, '/prayer');
  await page.getByRole('button', { name: 'Share a prayer request' }).click();
  await page.getByLabel('Your request').fill(text);
  await page.getByRole('button', { name: 'Share request' }).click();
  const mine = requests(page).getByRole('listitem').filter({ hasText: text });
  await expect(mine).toContainText('Waiting for a moderator');

  const pastorPage = await open(browser, pastorState, '/prayer?view=moderation');
  const held = pastorPage
    .getByRole('list', { name: 'Requests to moderate' })
    .getByRole('listitem')
    .filter({ hasText: text });
  // Reject asks first, and for the reason its author is shown; Cancel leaves it held.
  await held.getByRole('button', { name: 'Reject' }).click();
  const dialog = pastorPage.getByRole('dialog', { name: 'Reject this prayer request?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Kofi Mensah');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Tell the author why it is not approved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(held).toBeVisible();

  await held.getByRole('button', { name: 'Reject' }).click();
  await dialog.getByLabel('Reason').fill(reason);
  await checkScreen(pastorPage, 'prayer-reject');
  await pastorPage.screenshot({ path: path.join(shots, 'prayer-reject-360.png') });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(
    pastorPage.getByText('Rejected. You can undo it under Recently rejected.'),
  ).toBeVisible();
  await expect(held).toHaveCount(0);
  const rejected = pastorPage
    .getByRole('list', { name: 'Rejected requests' })
    .getByRole('listitem')
    .filter({ hasText: text });
  await expect(rejected).toContainText(`Reason: ${reason}`);
  await expect(pastorPage.getByRole('heading', { name: 'Recently rejected' })).toBeFocused();
  await noSideScroll(pastorPage);
  await checkScreen(pastorPage, 'prayer-rejected');
  await pastorPage.screenshot({ path: path.join(shots, 'prayer-rejected-360.png') });

  // Its author reads why.
  await page.reload();
  await expect(mine).toContainText('Not approved for the wall');
  await expect(mine).toContainText(`Reason: ${reason}`);

  // Undo: held again, without the reason; the author sees it waiting once more.
  await rejected.getByRole('button', { name: 'Undo rejection' }).click();
  await expect(
    pastorPage.getByText('Rejection undone: the request is held for moderation again.'),
  ).toBeVisible();
  await expect(rejected).toHaveCount(0);
  await expect(held).toBeVisible();
  await page.reload();
  await expect(mine).toContainText('Waiting for a moderator');
  await expect(mine).not.toContainText(reason);

  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(held).toHaveCount(0);
  for (const p of [page, pastorPage]) await p.context().close();
});
