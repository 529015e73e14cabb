import { DEVOTIONAL_MESSAGES } from '../../src/shared/devotional.ts';
import { frameStandIn, sampleWeek } from './support/content.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// The document previews are stood in for (the machine is offline); the specs check which
// preview link each day frames.

const withDocument = sampleWeek.days.filter((d) => d.documentUrl);
const withoutDocument = sampleWeek.days.filter((d) => !d.documentUrl);

test.beforeEach(async ({ page }) => {
  await page.route('https://drive.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: frameStandIn('Devotional document') }),
  );
});

test('a guest goes from the weeks to a day with a document, on to a day without, and to an unknown week', async ({
  page,
}) => {
  expect(withDocument.length).toBeGreaterThan(1);
  expect(withoutDocument.length).toBeGreaterThan(0);
  await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
  await page.goto('/home');
  await page.getByRole('link', { name: 'Devotional' }).click();
  await expect(page).toHaveURL(/\/devotional$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Devotional' })).toBeVisible();

  const weeks = page.getByRole('list', { name: 'Devotional' });
  await expect(weeks.getByRole('link')).toHaveCount(1);
  const week = weeks.getByRole('link', { name: /Week 15/ });
  await expect(week).toContainText('21 Days Fasting & Prayer');
  await expect(week).toContainText('21 days');
  await week.click();

  await expect(page).toHaveURL(/\/devotional\/week\/15$/);
  await expect(page.getByRole('heading', { level: 1, name: sampleWeek.title })).toBeVisible();
  const days = page.getByRole('list', { name: sampleWeek.title }).getByRole('link');
  await expect(days).toHaveCount(21);
  for (const [index, day] of sampleWeek.days.entries()) {
    await expect(days.nth(index)).toContainText(`Day ${day.day}`);
    await expect(days.nth(index)).toContainText(day.title);
  }
  await expect(days.filter({ hasText: m.shared_devotional_coming_soon() })).toHaveCount(
    withoutDocument.length,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Day 1: its document through the preview link; no day before it.
  const first = sampleWeek.days[0]!;
  await days.first().click();
  await expect(page).toHaveURL(/\/devotional\/week\/15\/day\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  const frame = page.locator('iframe');
  await expect(frame).toHaveAttribute('src', first.documentUrl!);
  await expect(frame).toHaveAttribute('title', `Day 1: ${first.title}`);
  await expect(page.frameLocator('iframe').getByText('Devotional document')).toBeVisible();
  await expect(page.getByText(m.shared_devotional_coming_soon())).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Previous day/ })).toHaveCount(0);

  // Next day, and back.
  await page.getByRole('link', { name: /Next day/ }).click();
  await expect(page).toHaveURL(/\/day\/2$/);
  await expect(page.locator('iframe')).toHaveAttribute('src', sampleWeek.days[1]!.documentUrl!);
  await page.getByRole('link', { name: /Previous day/ }).click();
  await expect(page).toHaveURL(/\/day\/1$/);

  // The last day with a document leads on to the first one without: 'Coming Soon'.
  const lastWithDocument = withDocument.at(-1)!;
  const firstWithout = withoutDocument[0]!;
  await page.goto(`/devotional/week/15/day/${lastWithDocument.day}`);
  await expect(page.locator('iframe')).toHaveAttribute('src', lastWithDocument.documentUrl!);
  await page.getByRole('link', { name: new RegExp(`Next day.*Day ${firstWithout.day}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/day/${firstWithout.day}$`));
  await expect(page.getByRole('heading', { level: 1, name: firstWithout.title })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: m.shared_devotional_coming_soon() }),
  ).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);

  await page.getByRole('link', { name: 'Week 15' }).click();
  await expect(page).toHaveURL(/\/devotional\/week\/15$/);

  // An unknown week, and a week that cannot be one.
  await page.goto('/devotional/week/7');
  await expect(
    page.getByRole('heading', { level: 1, name: DEVOTIONAL_MESSAGES.noWeek(7) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^Day / })).toHaveCount(0);
  await page.goto('/devotional/week/easter');
  await expect(
    page.getByRole('heading', { name: 'No devotionals found for Week easter' }),
  ).toBeVisible();
});

test('a visitor without an account reads the last day, which has no document yet', async ({
  page,
}) => {
  const last = sampleWeek.days.at(-1)!;
  await page.goto(`/devotional/week/15/day/${last.day}`);
  await expect(page).toHaveURL(new RegExp(`/devotional/week/15/day/${last.day}$`));
  await expect(page.getByRole('heading', { level: 1, name: last.title })).toBeVisible();
  await expect(page.getByText(m.shared_devotional_coming_soon())).toBeVisible();
  await expect(page.getByRole('link', { name: /Next day/ })).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: new RegExp(`Previous day.*Day ${last.day - 1}`) }),
  ).toBeVisible();
});

test('a day the week does not have says so', async ({ page }) => {
  await page.goto('/devotional/week/15/day/22');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Day 22 of Week 15 was not found.' }),
  ).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('link', { name: 'Week 15' }).click();
  await expect(page.getByRole('heading', { level: 1, name: sampleWeek.title })).toBeVisible();
});
