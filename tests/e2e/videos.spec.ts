import type { Browser } from '@playwright/test';
import { checkScreen } from './support/screens.ts';
import type { Account } from './support/sessions.ts';
import { useSpecApp } from './support/spec-app.ts';
import { expect, test } from './support/test.ts';

// The video library (decision 040). Its own app: ADMIN_EMAILS makes admin@example.com an
// admin when it signs up; the tests run in order, the member's going on from the admin's.
test.describe.configure({ mode: 'serial' });

const admin = { email: 'admin@example.com', password: 'admin-pass-123', firstName: 'Abena' };
const member = { email: 'yaw@example.com', password: 'member-pass-123', firstName: 'Yaw' };
const spec = useSpecApp(admin, [member]);

async function open(browser: Browser, who: Account, path: string) {
  // Offline machine: the thumbnails and the player would only fail slowly. Every request to
  // the video platform is counted: none may go before the member taps play.
  const platform: string[] = [];
  const page = await spec.open(browser, who, path, (context) =>
    context.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com)\//, (route) => {
      if (route.request().url().includes('youtube-nocookie')) platform.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' });
    }),
  );
  return { page, platform };
}

test('an admin builds a playlist of two videos and puts them in order', async ({ browser }) => {
  const { page } = await open(browser, admin, '/admin');
  await page.getByRole('link', { name: 'Manage videos' }).click();
  await expect(page).toHaveURL(/\/admin\/videos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await expect(page.getByText('No playlists yet. Add the first one.')).toBeVisible();

  await page.getByRole('button', { name: 'Add playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add playlist' });
  await dialog.getByRole('button', { name: 'Add playlist' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await dialog.getByLabel('Title').fill('Youth Camp 2026');
  await dialog.getByLabel('Description (optional)').fill('Talks and worship from the camp.');
  await dialog.getByRole('button', { name: 'Add playlist' }).click();
  await expect(dialog).toBeHidden();

  // Its toast sits below the navbar and closes with a button of at least 44 px.
  const toast = page.getByRole('alert').filter({ hasText: '“Youth Camp 2026” added.' });
  await expect(toast).toBeVisible();
  const banner = (await page.getByRole('banner').boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(banner.y + banner.height);
  const close = toast.getByRole('button', { name: /close/i });
  const closeBox = (await close.boundingBox())!;
  expect(Math.min(closeBox.width, closeBox.height)).toBeGreaterThanOrEqual(44);
  await close.click();

  const playlist = page.getByRole('region', { name: 'Youth Camp 2026' });
  await expect(playlist.getByText('No videos in this playlist yet.')).toBeVisible();

  const addVideo = async (title: string, link: string, speaker = '', date = '') => {
    await playlist.getByRole('button', { name: 'Add video to Youth Camp 2026' }).click();
    const form = page.getByRole('dialog', { name: 'Add video' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Video link or id').fill(link);
    if (speaker) await form.getByLabel('Speaker (optional)').fill(speaker);
    if (date) await form.getByLabel('Date (optional)').fill(date);
    await form.getByRole('button', { name: 'Add video' }).click();
    await expect(form).toBeHidden();
  };
  // A link from elsewhere is refused next to its field.
  await playlist.getByRole('button', { name: 'Add video to Youth Camp 2026' }).click();
  const form = page.getByRole('dialog', { name: 'Add video' });
  await form.getByLabel('Title').fill('Wrong');
  await form.getByLabel('Video link or id').fill('https://example.com/watch?v=dQw4w9WgXcQ');
  await form.getByRole('button', { name: 'Add video' }).click();
  await expect(form.getByText(/Enter a video link/)).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  await addVideo('Opening night', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Pastor Mensah');
  await addVideo('Closing worship', 'https://youtu.be/9bZkp7q5f3k', '', '2026-08-02');
  const list = playlist.getByRole('list', { name: 'Videos of Youth Camp 2026, in order' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Opening night');

  // By keyboard: the move button keeps the focus as the list changes.
  const down = list.getByRole('button', { name: 'Move Opening night down' });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem').first()).toContainText('Closing worship');
  await expect(down).toBeFocused();
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Videos of Youth Camp 2026, in order' })
      .getByRole('listitem')
      .first(),
  ).toContainText('Closing worship');

  await checkScreen(page, 'admin-videos');
  await page.context().close();
});

test('a member opens Videos from home; the player comes only with a tap', async ({ browser }) => {
  const { page, platform } = await open(browser, member, '/home');
  await expect(page.getByRole('heading', { name: 'Welcome, Yaw!' })).toBeVisible();
  await page.getByRole('list', { name: 'Features' }).getByRole('link', { name: 'Videos' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();

  const playlist = page.getByRole('region', { name: 'Youth Camp 2026' });
  await expect(playlist.getByText('Talks and worship from the camp.')).toBeVisible();
  const cards = playlist.getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Closing worship');
  await expect(cards.nth(0)).toContainText('2 Aug 2026');
  await expect(cards.nth(1)).toContainText('Opening night');
  await expect(cards.nth(1)).toContainText('Pastor Mensah');

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await checkScreen(page, 'videos');

  // No frame and no request to the player before the tap.
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(platform).toEqual([]);
  await playlist.getByRole('button', { name: 'Play Opening night' }).click();
  const frame = page.locator('iframe[title="Opening night"]');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  await expect(frame).toBeFocused();
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect(playlist.getByRole('button', { name: 'Play Closing worship' })).toBeVisible();
  await page.context().close();
});

test('a guest sees the empty library say so', async ({ browser }) => {
  // A fresh app of its own would cost a start: an answer without playlists is enough.
  const context = await browser.newContext({ baseURL: spec.app.baseURL });
  const page = await context.newPage();
  await page.route('**/api/videos', (route) =>
    route.fulfill({ json: { playlists: [] }, headers: { 'cache-control': 'no-store' } }),
  );
  await page.goto('/videos');
  await expect(page.getByText('No videos yet. Please check back later.')).toBeVisible();
  await context.close();
});
