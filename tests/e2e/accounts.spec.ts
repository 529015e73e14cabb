import {
  confirmEmail,
  countMails,
  fillSignUpForm,
  linkFromMailbox,
  logIn,
  signUpWithForm,
  uniqueEmail,
} from './support/accounts.ts';
import { holdTheApp } from './support/hold-app.ts';
import { createAccount } from './support/sessions.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// The shared app allows AUTH_RATE_LIMIT (10) sign-ups and sign-ins per client per 15 min:
// the whole file stays well below that.

test('a member signs up, confirms by email, logs in, edits the profile and changes and resets the password', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('member');
  const firstPassword = 'first-pass-123';
  const changedPassword = 'second-pass-456';
  const resetPassword = 'third-pass-789';

  await test.step('the login screen starts in login mode and switches to sign-up', async () => {
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeHidden();

    const assembly = page.getByLabel('Assembly');
    await expect(assembly.locator('option').first()).toHaveText('--Select Assembly--');
    await expect(assembly.locator('option')).toHaveCount(10);
    // The phone input starts in Ghana.
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(/^\+233/);
  });

  await test.step('every sign-up field is required', async () => {
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    for (const message of [
      'First name is required.',
      'Last name is required.',
      'Phone number is required.',
      'Please select your assembly.',
      'Email is required.',
      'Password is required.',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('sign up: the popup says to check the email, Okay returns to login', async () => {
    await fillSignUpForm(page, {
      firstName: 'Ama',
      lastName: 'Mensah',
      email,
      password: firstPassword,
      phone: '241234567',
      assembly: 'grace',
    });
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+233 24 123 4567');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const popup = page.getByRole('dialog', { name: m.shared_accounts_sign_up_done() });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Okay' })).toBeFocused();
    await popup.getByRole('button', { name: 'Okay' }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  });

  await test.step('the confirmation link from the mailbox leads back to the login form', async () => {
    await confirmEmail(page, email);
  });

  await test.step('log in: a toast, /home and the first name in the greeting', async () => {
    await logIn(page, email, firstPassword);
    await expect(page.getByText(m.shared_accounts_logged_in())).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Ama!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In/Sign Up' })).toHaveCount(0);
  });

  await test.step('the profile shows the sign-up details; email is not editable', async () => {
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Ama Mensah');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+233 24 123 4567');
    await expect(page.getByLabel('Assembly')).toHaveValue('grace');
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  });

  await test.step('saving a change, then saving again unchanged', async () => {
    await page.getByLabel('Location').fill('Kumasi');
    await page.getByLabel('Date of birth').fill('1990-04-12');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: m.shared_profile_updated() }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const unchanged = page.getByRole('status').filter({ hasText: m.shared_profile_no_changes() });
    await expect(unchanged).toBeVisible();
    // Spec §9: profile messages vanish after 5 s.
    await expect(unchanged).toBeHidden({ timeout: 7_000 });

    await page.reload();
    await expect(page.getByLabel('Location')).toHaveValue('Kumasi');
    await expect(page.getByLabel('Date of birth')).toHaveValue('1990-04-12');
  });

  await test.step('change password: empty and mismatched fields are caught without a request', async () => {
    let passwordRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/profile/password')) passwordRequests += 1;
    });
    const section = page.getByRole('region', { name: 'Change password' });
    const update = section.getByRole('button', { name: 'Update Password' });

    await update.click();
    await expect(section.getByRole('alert')).toHaveText(m.shared_accounts_fill_all_fields());

    await section.getByLabel('Current password', { exact: true }).fill(firstPassword);
    await section.getByLabel('New password', { exact: true }).fill(changedPassword);
    await section.getByLabel('Confirm new password', { exact: true }).fill('something-else');
    await update.click();
    await expect(section.getByRole('alert')).toHaveText(m.shared_accounts_passwords_differ());
    expect(passwordRequests).toBe(0);

    await section.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await section.getByLabel('Confirm new password', { exact: true }).fill(changedPassword);
    await update.click();
    await expect(section.getByRole('alert')).toHaveText(m.shared_accounts_wrong_password());
    expect(passwordRequests).toBe(1);

    await section.getByLabel('Current password', { exact: true }).fill(firstPassword);
    await update.click();
    await expect(
      section.getByRole('status').filter({ hasText: m.shared_accounts_password_updated() }),
    ).toBeVisible();
    await expect(section.getByLabel('Current password', { exact: true })).toHaveValue('');

    // This browser stays signed in.
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Ama Mensah');
  });

  await test.step('logout goes to the login screen and closes the signed-in screens', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth$/);
  });

  await test.step('forgot password: the popup, then Okay back to /auth', async () => {
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const popup = page.getByRole('dialog', { name: m.shared_accounts_reset_sent() });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Okay' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  await test.step('the reset link from the mailbox sets a new password', async () => {
    await page.goto(await linkFromMailbox(page, email, /reset/i));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    const field = page.getByLabel('New password', { exact: true });
    await field.fill(resetPassword);
    await expect(field).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(field).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Update Password' }).click();
    const popup = page.getByRole('dialog', { name: m.shared_accounts_password_updated() });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Okay' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  await test.step('the new password logs in', async () => {
    await logIn(page, email, resetPassword);
    await expect(page.getByRole('heading', { name: 'Welcome, Ama!' })).toBeVisible();
  });
});

test('email availability: available, then taken in any case, disables Sign Up until the mode switches', async ({
  page,
}) => {
  const registered = uniqueEmail('taken');
  await signUpWithForm(page, {
    firstName: 'Kofi',
    lastName: 'Boateng',
    email: registered,
    password: 'kofi-pass-123',
  });

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const emailField = page.getByLabel('Email', { exact: true });
  const signUpButton = page.getByRole('button', { name: 'Sign Up', exact: true });

  await emailField.fill(uniqueEmail('fresh'));
  await emailField.blur();
  await expect(
    page.getByRole('status').filter({ hasText: m.shared_accounts_email_available() }),
  ).toBeVisible();
  await expect(signUpButton).toBeEnabled();

  await emailField.fill(registered.toUpperCase());
  await emailField.blur();
  await expect(
    page.getByRole('status').filter({ hasText: m.shared_accounts_email_taken_short() }),
  ).toBeVisible();
  await expect(signUpButton).toBeDisabled();

  // Switching mode clears the answer.
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByText(m.shared_accounts_email_taken_short())).toHaveCount(0);
  await expect(signUpButton).toBeEnabled();
});

test('signing up with a registered email shows the popup that says to log in instead', async ({
  page,
}) => {
  const registered = uniqueEmail('twice');
  await signUpWithForm(page, {
    firstName: 'Yaw',
    lastName: 'Asante',
    email: registered,
    password: 'yaw-pass-1234',
  });
  // The availability check is rate limited: when it will not answer, the form shows nothing
  // and the sign-up itself finds the taken email.
  await page.route('**/api/accounts/email-available', (route) =>
    route.fulfill({
      status: 429,
      json: { error: { code: 'RATE_LIMITED', message: 'Too many attempts.' } },
    }),
  );
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await fillSignUpForm(page, {
    firstName: 'Yaw',
    lastName: 'Asante',
    email: registered.toUpperCase(),
    password: 'yaw-pass-1234',
  });
  const signUpButton = page.getByRole('button', { name: 'Sign Up', exact: true });
  await expect(signUpButton).toBeEnabled();
  await expect(page.getByText(m.shared_accounts_email_available())).toHaveCount(0);
  await expect(page.getByText(m.shared_accounts_email_taken_short())).toHaveCount(0);

  await signUpButton.click();
  const popup = page.getByRole('dialog', { name: m.shared_accounts_email_taken() });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Okay' }).click();
  await expect(popup).toBeHidden();
  // Still in sign-up mode, and Sign Up stays disabled for this email.
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(signUpButton).toBeDisabled();
});

test('logging in with a wrong password shows the message in a popup', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Any popup first, then its message: a failure says which message came instead.
  const popup = page.getByRole('dialog');
  await expect(popup).toBeVisible();
  await expect(popup).toHaveAccessibleName('Invalid email or password');
  await expect(popup.getByRole('button', { name: 'Okay' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup).toBeHidden();
  // Focus goes back to the button that opened the popup.
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/auth$/);
});

test('an unconfirmed account cannot log in and can ask for the confirmation email again', async ({
  page,
}) => {
  const email = uniqueEmail('unconfirmed');
  const password = 'unconfirmed-123';
  await signUpWithForm(page, { firstName: 'Esi', lastName: 'Owusu', email, password });
  await expect.poll(() => countMails(page, email, /confirm/i)).toBe(1);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const popup = page.getByRole('dialog', { name: m.shared_accounts_not_verified() });
  await expect(popup).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await popup.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(popup.getByRole('status')).toHaveText('Confirmation email sent! Check your inbox.');
  await expect.poll(() => countMails(page, email, /confirm/i)).toBe(2);
  await popup.getByRole('button', { name: 'Okay' }).click();
  await expect(popup).toBeHidden();
});

test('a reset page without a valid token says the link is invalid and offers a new one', async ({
  page,
}) => {
  for (const url of ['/reset-password', '/reset-password?error=INVALID_TOKEN']) {
    await page.goto(url);
    await expect(
      page.getByText('This password reset link is invalid or has expired.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Password' })).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('an unknown reset token is refused with the server message in a popup', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('another-pass-123');
  await page.getByRole('button', { name: 'Update Password' }).click();
  const popup = page.getByRole('dialog');
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveAccessibleName(m.shared_accounts_password_updated());
  await popup.getByRole('button', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the login form checks its fields before asking the server', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('the phone country search filters the list and picks a country by keyboard', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const country = page.getByRole('button', { name: /^Phone number country: Ghana/ });
  await country.focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Search countries' });
  await expect(search).toBeFocused();
  const options = page.getByRole('listbox', { name: 'Countries' }).getByRole('option');
  expect(await options.count()).toBeGreaterThan(200);

  await search.pressSequentially('niger');
  await expect(options).toHaveText([/^Niger\b/, /^Nigeria\b/]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('button', { name: /^Phone number country: Nigeria \+234/ }),
  ).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Countries' })).toHaveCount(0);

  const phone = page.getByLabel('Phone', { exact: true });
  await expect(phone).toHaveValue(/^\+234/);
  // Never more than the country's (and E.164's 15) digits.
  await phone.pressSequentially('80312345678901234');
  expect((await phone.inputValue()).replace(/\D/g, '').length).toBeLessThanOrEqual(15);
});

test('the phone input reads Ghana numbers either way, another country from the search, and at most 15 digits', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const phone = page.getByLabel('Phone', { exact: true });
  const country = page.getByRole('button', { name: /^Phone number country:/ });

  await test.step('a Ghana number typed the local way or with +233', async () => {
    await phone.fill('024 123 4567');
    await expect(phone).toHaveValue('+233 24 123 4567');
    await phone.fill('+233 20 123 4567');
    await expect(phone).toHaveValue('+233 20 123 4567');
    await expect(country).toHaveAccessibleName('Phone number country: Ghana +233, GH');
  });

  await test.step('never more than 15 digits, calling code included', async () => {
    await phone.fill('');
    await phone.pressSequentially('24123456789012345');
    expect((await phone.inputValue()).replace(/\D/g, '')).toHaveLength(15);
  });

  await test.step('a number the phone library does not know is refused on the field', async () => {
    await phone.fill('24 123');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Enter a valid phone number.')).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('United Kingdom from the search, then one of its numbers signs up', async () => {
    await country.click();
    await page.getByRole('combobox', { name: 'Search countries' }).pressSequentially('united k');
    const options = page.getByRole('listbox', { name: 'Countries' }).getByRole('option');
    await expect(options).toHaveText([/^United Kingdom\s*\+44$/]);
    await page.keyboard.press('Enter');
    await expect(phone).toBeFocused();
    await phone.fill('07400 123456');
    await expect(phone).toHaveValue('+44 7400 123456');
    await expect(page.getByText('Enter a valid phone number.')).toHaveCount(0);
    await fillSignUpForm(page, {
      firstName: 'Kofi',
      lastName: 'Boateng',
      email: uniqueEmail('uk-phone'),
      password: 'long-enough-1',
      phone: '+44 7400 123456',
    });
    await expect(phone).toHaveValue('+44 7400 123456');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: m.shared_accounts_sign_up_done() }),
    ).toBeVisible();
  });
});

test('a saved number outside Ghana shows formatted on /profile before the phone library loads', async ({
  browser,
  baseURL,
}) => {
  const storageState = await createAccount(baseURL!, {
    email: uniqueEmail('uk-profile'),
    password: 'long-enough-1',
    phone: '+447400123456',
  });
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const onDemand = () => scripts.filter((name) => /phone-engine|group-\d|CountryList/.test(name));

  await page.goto('/profile');
  const phone = page.getByLabel('Phone', { exact: true });
  // Written by the server as the input writes it: no phone library on the first screen.
  await expect(phone).toHaveValue('+44 7400 123456');
  await expect(
    page.getByRole('button', { name: 'Phone number country: United Kingdom +44' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(onDemand()).toEqual([]);

  // Focus brings the engine and the number's metadata; typing reads the number with them.
  await phone.focus();
  await expect.poll(() => onDemand().some((name) => name.includes('phone-engine'))).toBe(true);
  await phone.fill('07400 654321');
  await expect(phone).toHaveValue('+44 7400 654321');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: m.shared_profile_updated() }),
  ).toBeVisible();
  await page.reload();
  await expect(phone).toHaveValue('+44 7400 654321');

  // The country list's code comes when the picker is focused, not before.
  expect(onDemand().some((name) => name.includes('CountryList'))).toBe(false);
  await page.getByRole('button', { name: /^Phone number country:/ }).click();
  await expect(page.getByRole('combobox', { name: 'Search countries' })).toBeFocused();
  await context.close();
});

test('the login screen works before the app arrives: what is typed and tapped is done by the app (decision 027)', async ({
  page,
}) => {
  // What shows is the page itself.
  const release = await holdTheApp(page);
  await page.goto('/auth', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome to Your .+ App$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  // Nothing is disabled: a field takes typing, a tap is kept (and says so).
  await expect(page.getByLabel('Email')).toBeEnabled();
  await page.getByLabel('Email').fill('not-an-email');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await login.click();
  await expect(login).toHaveAttribute('aria-busy', 'true');
  // 'Continue as Guest' is an ordinary link that works without the app.
  await expect(page.getByRole('link', { name: 'Continue as Guest' })).toHaveAttribute(
    'href',
    '/continue-as-guest',
  );

  release();
  // The app takes over the same screen, with what was typed, and does the tap.
  await expect(page.getByText(m.shared_accounts_email_invalid())).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  await expect(login).not.toHaveAttribute('aria-busy');
});
