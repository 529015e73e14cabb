import type { Page } from '@playwright/test';

/**
 * Holds the app's code (the entry) back, for a spec to look at a drawn page before the app
 * takes it over (decisions 022 and 023); the returned function lets it through. Open the page
 * with `waitUntil: 'domcontentloaded'`: the held entry, added before the load event, holds
 * that event back.
 */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
