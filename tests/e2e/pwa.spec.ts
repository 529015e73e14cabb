import { expect, test } from './support/test.ts';

// The installable app (decision 012): manifest, service worker, offline reading.
test.use({ serviceWorkers: 'allow' });

test('the app is installable and reads visited sermons offline, but never private answers', async ({
  page,
  context,
}) => {
  await page.goto('/sermons');
  await expect(page.getByRole('heading', { name: 'Sermons' })).toBeVisible();

  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  // The worker takes over, then the list is read once through it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  const firstTitle = page.locator('.sermon-card-title').first();
  await expect(firstTitle).toBeVisible();
  const title = await firstTitle.textContent();
  // The list comes drawn in its page (decision 023); the worker keeps it once the app, taking
  // the page over, has asked for it.
  await expect
    .poll(() => page.evaluate(async () => Boolean(await caches.match('/api/sermons'))))
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.sermon-card-title').first()).toHaveText(title ?? '');

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.map((url) => new URL(url).pathname);
  });
  expect(cached).toContain('/api/sermons');
  expect(
    cached.filter(
      (path) => path.startsWith('/api/') && !/^\/api\/(church|sermons|devotional)/.test(path),
    ),
  ).toEqual([]);
  await context.setOffline(false);
});
