import { expect, test } from './support/test.ts';

test('the root shows the login screen with the product name and works at 360 px', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Your Flock App' })).toBeVisible();
  // DESIGN.md: / is the Login / Sign Up screen, starting in login mode.
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Flock' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact support' })).toBeVisible();
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(360);
  expect(errors).toEqual([]);
});

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});
