import type { Locator, Page } from '@playwright/test';
import { fillSignUpForm, uniqueEmail } from './support/accounts.ts';
import { createAccount } from './support/sessions.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// Issue 29 #3: a tap that puts the caret inside the calling code (+233) used to make the
// field refuse every digit without a word, and fast typing lost one. Digits now go to the
// national number wherever the caret is, and the caret follows them.

/** Focuses the field as a tap does, then puts the caret at `at` (inside '+233'). */
async function caretAt(phone: Locator, at: number) {
  await phone.click();
  await phone.evaluate((input: HTMLInputElement, position) => {
    input.setSelectionRange(position, position);
  }, at);
}

const caretOf = (phone: Locator) =>
  phone.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]);

async function openSignUp(page: Page) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  return page.getByLabel('Phone', { exact: true });
}

test('sign-up: digits typed with the caret inside or before +233 go to the number', async ({
  page,
}) => {
  const phone = await openSignUp(page);
  await expect(phone).toHaveValue('+233');

  await test.step('inside the calling code, on an empty number', async () => {
    await caretAt(phone, 2); // +2|33
    await phone.pressSequentially('241234567');
    await expect(phone).toHaveValue('+233 24 123 4567');
    await expect.poll(() => caretOf(phone)).toEqual([16, 16]);
  });

  await test.step('before the +, with digits there already: they go first, the caret after them', async () => {
    await phone.fill('+233 123 4567');
    await caretAt(phone, 0);
    await page.keyboard.type('24');
    await expect(phone).toHaveValue('+233 24 123 4567');
    // After the 2 and the 4 (the digits before the caret: 2 3 3 2 4).
    const [start] = await caretOf(phone);
    expect((await phone.inputValue()).slice(0, start!)).toBe('+233 24');
  });

  await test.step('the calling code itself stays as it is (the country picker changes it)', async () => {
    await caretAt(phone, 4); // +233|
    await page.keyboard.press('Backspace');
    await expect(phone).toHaveValue('+233 24 123 4567');
  });

  await test.step('the form takes the number', async () => {
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Phone number is required.')).toHaveCount(0);
    await expect(page.getByText('Enter a valid phone number.')).toHaveCount(0);
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test('sign-up: fast typing keeps every digit while the form and phone code arrive', async ({
  page,
}) => {
  // The keys arrive while the first focus loads the phone library (held back a little, as on
  // a phone network): the form then re-renders a key or two behind the typing.
  await page.route(/phone-engine|forms/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    await route.continue();
  });
  for (let visit = 1; visit <= 3; visit++) {
    const phone = await openSignUp(page);
    await phone.focus();
    await page.keyboard.type('241234567', { delay: 0 });
    await expect(phone, `visit ${visit}`).toHaveValue('+233 24 123 4567');
  }

  // The same from inside the calling code, over a number already there.
  const phone = page.getByLabel('Phone', { exact: true });
  await phone.fill('');
  await caretAt(phone, 1);
  await page.keyboard.type('201234567', { delay: 0 });
  await expect(phone).toHaveValue('+233 20 123 4567');
});

test('sign-up: a number the form refuses puts the focus back on the phone field', async ({
  page,
}) => {
  const phone = await openSignUp(page);
  await fillSignUpForm(page, {
    firstName: 'Ama',
    lastName: 'Mensah',
    email: uniqueEmail('phone-focus'),
    password: 'long-enough-1',
    phone: '24 123',
  });
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Enter a valid phone number.')).toBeVisible();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
});

test('profile: digits typed inside +233 go to the number, fast or slow, and are saved', async ({
  browser,
  baseURL,
}) => {
  const storageState = await createAccount(baseURL!, {
    email: uniqueEmail('phone-caret'),
    password: 'long-enough-1',
    phone: '+233241234567',
  });
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await page.goto('/profile');
  const phone = page.getByLabel('Phone', { exact: true });
  await expect(phone).toHaveValue('+233 24 123 4567');

  await test.step('fast typing right after the first focus', async () => {
    await phone.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('0551234567', { delay: 0 });
    await expect(phone).toHaveValue('+233 55 123 4567');
  });

  await test.step('inside the calling code', async () => {
    await phone.fill('');
    await expect(phone).toHaveValue('+233');
    await caretAt(phone, 3); // +23|3
    await phone.pressSequentially('201234567');
    await expect(phone).toHaveValue('+233 20 123 4567');
  });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: m.shared_profile_updated() }),
  ).toBeVisible();
  await page.reload();
  await expect(phone).toHaveValue('+233 20 123 4567');
  await context.close();
});
