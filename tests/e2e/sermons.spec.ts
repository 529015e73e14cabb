import type { Page } from '@playwright/test';
import { embedUrl, thumbnailUrl } from '../../src/shared/sermons.ts';
import { frameStandIn, sampleSermons, tinyPng } from './support/content.ts';
import { holdTheApp } from './support/hold-app.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// The machine is offline: the video platform's thumbnails and player are stood in for, and
// every request to them is recorded, so the specs can say what was asked for and when.

const PLAYER_HOST = 'https://www.youtube-nocookie.com/';

function recordPlayerRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(PLAYER_HOST)) requests.push(request.url());
  });
  return requests;
}

async function standInForThePlatform(page: Page) {
  await page.route(`${PLAYER_HOST}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: frameStandIn('Video player') }),
  );
  await page.route('https://i.ytimg.com/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: tinyPng }),
  );
}

test.describe('with the video platform stood in for', () => {
  test.beforeEach(async ({ page }) => standInForThePlatform(page));

  test('the list shows the sermons with lazy thumbnails, and the player loads only when play is tapped', async ({
    page,
  }) => {
    const playerRequests = recordPlayerRequests(page);
    const first = sampleSermons[0]!;

    await page.goto('/sermons');
    const list = page.getByRole('list', { name: 'Sermons' });
    await expect(list.getByRole('link')).toHaveText(sampleSermons.map((s) => s.title));
    const thumbnails = list.locator('img');
    await expect(thumbnails).toHaveCount(sampleSermons.length);
    for (const [index, sermon] of sampleSermons.entries()) {
      const thumbnail = thumbnails.nth(index);
      await expect(thumbnail).toHaveAttribute('src', thumbnailUrl(sermon.videoId));
      await expect(thumbnail).toHaveAttribute('loading', 'lazy');
      // Low: Chromium otherwise raises in-view images to High, ahead of the page's own files.
      await expect(thumbnail).toHaveAttribute('fetchpriority', 'low');
      await expect(thumbnail).toHaveAttribute('decoding', 'async');
      await expect(thumbnail).toHaveAttribute('width', '320');
      await expect(thumbnail).toHaveAttribute('height', '180');
    }
    // One row a sermon at 360 px, nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // The title and video id travel in navigation state: the page shows them before the
    // server has answered for this sermon.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**/api/sermons/${first.id}`, async (route) => {
      await answered;
      await route.continue();
    });
    await list.getByRole('link', { name: first.title }).click();
    await expect(page).toHaveURL(new RegExp(`/sermons/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    const play = page.getByRole('button', { name: `Play ${first.title}` });
    await expect(play).toBeVisible();
    answer();

    // Nothing of the player before the tap: no frame, no request to its domain.
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(playerRequests).toEqual([]);

    await play.click();
    const frame = page.locator('iframe');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('src', embedUrl(first.videoId));
    await expect(frame).toHaveAttribute('title', first.title);
    await expect(frame).toHaveAttribute('allow', /autoplay/);
    await expect(frame).toBeFocused();
    await expect(page.frameLocator('iframe').getByText('Video player')).toBeVisible();
    expect(playerRequests).toEqual([embedUrl(first.videoId)]);
    await expect(play).toHaveCount(0);

    await page.getByRole('link', { name: 'All sermons' }).click();
    await expect(page).toHaveURL(/\/sermons$/);
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test("'Sermon not found.' for an id that does not exist", async ({ page }) => {
    const playerRequests = recordPlayerRequests(page);
    await page.goto('/sermons/no-such-sermon');
    await expect(
      page.getByRole('heading', { level: 1, name: m.shared_sermons_not_found() }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Play / })).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(playerRequests).toEqual([]);
    await page.getByRole('link', { name: 'All sermons' }).click();
    await expect(page).toHaveURL(/\/sermons$/);
  });

  test('a shared link and a refresh load the sermon from the server by id', async ({ page }) => {
    const playerRequests = recordPlayerRequests(page);
    const sermon = sampleSermons[1]!;

    await page.goto(`/sermons/${sermon.id}`);
    await expect(page.getByRole('heading', { level: 1, name: sermon.title })).toBeVisible();
    await expect(page.getByText(m.shared_sermons_not_found())).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.locator('.sermon-player img')).toHaveAttribute(
      'src',
      thumbnailUrl(sermon.videoId),
    );
    // The player's own picture is the page's main image: the browser's priority, not low.
    await expect(page.locator('.sermon-player img')).not.toHaveAttribute('fetchpriority', /.*/);

    await page.getByRole('button', { name: `Play ${sermon.title}` }).click();
    await expect(page.locator('iframe')).toHaveAttribute('src', embedUrl(sermon.videoId));

    // A refresh starts over: the sermon again, and the player waits for another tap.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: sermon.title })).toBeVisible();
    await expect(page.getByRole('button', { name: `Play ${sermon.title}` })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(playerRequests).toEqual([embedUrl(sermon.videoId)]);
  });

  test('a thumbnail that cannot load leaves a drawn placeholder and the title', async ({
    page,
  }) => {
    await page.route('https://i.ytimg.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/sermons');
    const first = page.getByRole('link', { name: sampleSermons[0]!.title });
    await expect(first).toBeVisible();
    await expect(first.locator('img')).toHaveCount(0);
    const placeholder = first.locator('.sermon-thumb');
    await expect(placeholder).toHaveAttribute('data-failed', 'true');
    const box = await placeholder.boundingBox();
    // 16:9, not collapsed.
    expect(box!.height).toBeGreaterThan(60);
    expect(box!.width / box!.height).toBeCloseTo(16 / 9, 1);
  });
});

// Without routes: Playwright turns the browser's HTTP cache off while any route is set.
test('asking again for an unchanged list costs a 304', async ({ page }) => {
  const answers: { ifNoneMatch: string | undefined; bodyBytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith('/api/sermons')) return;
    const headers = await request.allHeaders();
    const sizes = await request.sizes();
    answers.push({ ifNoneMatch: headers['if-none-match'], bodyBytes: sizes.responseBodySize });
  });
  const first = sampleSermons[0]!.title;
  await page.goto('/sermons');
  await expect(page.getByRole('link', { name: first })).toBeVisible();
  // The page comes with the list drawn; the app, once there, asks for it (a tap before that
  // would be an ordinary page load, decision 027).
  await expect.poll(() => answers.length).toBe(1);
  await page.getByRole('link', { name: first }).click();
  await page.getByRole('link', { name: 'All sermons' }).click();
  await expect(page.getByRole('link', { name: first })).toBeVisible();
  await expect.poll(() => answers.length).toBe(2);
  // The first visit downloads the list; the second asks with its ETag and the server answers
  // 304 with no body (the browser serves the list it kept, the page sees it as usual).
  expect(answers[0]!.ifNoneMatch).toBeUndefined();
  expect(answers[0]!.bodyBytes).toBeGreaterThan(500);
  expect(answers[1]!.ifNoneMatch).toMatch(/^"/);
  expect(answers[1]!.bodyBytes).toBe(0);
});

test('the sermon list comes drawn in its page, and the app takes it over without a spinner (decision 027)', async ({
  page,
}) => {
  await standInForThePlatform(page);
  const release = await holdTheApp(page);
  const sermonAnswers: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sermons') sermonAnswers.push(request.url());
  });
  await page.goto('/sermons', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Sermons' })).toBeVisible();
  const first = page.locator('.sermon-card').first();
  await expect(first).toHaveText(sampleSermons[0]!.title);
  await expect(page.locator('.sermon-card')).toHaveCount(sampleSermons.length);
  // An ordinary link already: followed as a page load until the app is there.
  await expect(first).toHaveAttribute('href', `/sermons/${sampleSermons[0]!.id}`);
  expect(sermonAnswers).toEqual([]);
  // Watch for a spinner from here on: the app should draw the same list at once.
  await page.evaluate(() => {
    const seen = document.documentElement;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Loading sermons')) seen.dataset.spinner = 'seen';
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  release();
  await expect(page.getByRole('link', { name: sampleSermons[0]!.title })).toHaveAttribute(
    'href',
    `/sermons/${sampleSermons[0]!.id}`,
  );
  // Drawn from the page's answer, never a spinner. It still asks once, as the list always does
  // (the service worker keeps that answer for reading offline).
  await expect.poll(() => sermonAnswers.length).toBe(1);
  expect(await page.locator('html').getAttribute('data-spinner')).toBeNull();
  await page.getByRole('link', { name: sampleSermons[0]!.title }).click();
  await expect(page).toHaveURL(`/sermons/${sampleSermons[0]!.id}`);
});
