import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { repoRoot } from './harness.ts';
import type { StorageState } from './sessions.ts';
import { expect } from './test.ts';

/** The two screens every changed page is looked at on (issue 30): a phone and a laptop. */
export const SCREEN_SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/**
 * Checks a screen as a person meets it: axe-core finds nothing (WCAG 2.2 A/AA rules), at a
 * phone's and a laptop's size. With `SCREENSHOTS=1` it also saves both sizes under
 * `.tmp/screens/` for a person to look at. The page is left at the size it had.
 */
export async function checkScreen(page: Page, name: string) {
  const before = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe-core on ${name} at ${size.width}×${size.height}`,
    ).toEqual([]);
    if (process.env.SCREENSHOTS) {
      await page.screenshot({
        path: path.join(repoRoot, '.tmp/screens', `${name}-${size.width}x${size.height}.png`),
        fullPage: true,
      });
    }
  }
  if (before) await page.setViewportSize(before);
}

/**
 * A new browser context on the app at a phone's size (360×740), signed in with `state` (or
 * none: a visitor), on the page at `to`.
 */
export async function openPhone(
  browser: Browser,
  baseURL: string,
  state: StorageState | undefined,
  to: string,
  options: { acceptDownloads?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(state ? { storageState: state } : {}),
    viewport: { width: 360, height: 740 },
    ...options,
  });
  const page = await context.newPage();
  await page.goto(to);
  return page;
}

/** Nothing wider than a 360 px phone: no sideways scrolling. */
export const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
