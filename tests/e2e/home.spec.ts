import { startApp, type RunningApp } from './support/harness.ts';
import { newMemberOnHome, uniqueEmail } from './support/accounts.ts';
import { holdTheApp } from './support/hold-app.ts';
import { expect, test } from './support/test.ts';

// content/church.json's sample audio channel (the shared app runs on the sample content).
const AUDIO_CHANNEL_URL = 'https://whatsapp.com/channel/SAMPLE-AUDIO-CHANNEL';

const tileLabels = [
  'Sermons',
  'Videos',
  'Offerings',
  'Events',
  'Check In',
  'Prayer Wall',
  'Devotional',
  'Workers Portal',
  'Profile',
];

test.describe('guests and guards', () => {
  test("a guest's home comes drawn in its page, with the greeting the app shows (decision 023)", async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/home$/);
    // The flag is told to the server too, and nothing more.
    const guestCookie = (await context.cookies()).find((c) => c.name === 'flock.guest');
    expect(guestCookie).toMatchObject({ value: '1', httpOnly: false, sameSite: 'Lax' });

    const release = await holdTheApp(page);
    await page.goto('/home', { waitUntil: 'domcontentloaded' });
    // Nobody is signed in: the page says so at once, so the greeting is the app's own.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Your Flock App');
    // Its tiles work already: a link is a link, a tap on a button is kept for the app.
    await expect(page.getByRole('link', { name: 'Offerings' })).toHaveAttribute(
      'href',
      '/offerings',
    );
    const sermons = page.locator('button.tile', { hasText: 'Sermons' });
    await sermons.click();
    await expect(sermons).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('dialog', { name: 'Choose Sermon Type' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Offerings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Offerings' })).toBeVisible();
  });

  test('Continue as Guest opens /home with Log In/Sign Up and the fallback greeting', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Your Flock App' })).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Log In/Sign Up' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    // The guest flag: the cookie the server or the app set (before or after the app arrived).
    const guestCookie = (await context.cookies()).find((c) => c.name === 'flock.guest');
    expect(guestCookie?.value).toBe('1');

    const grid = page.getByRole('list', { name: 'Features' });
    await expect(grid.getByRole('listitem')).toHaveText(tileLabels);
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    // Two tiles a row at 360 px, nothing wider than the screen. Measured once the app has
    // taken the drawn page over (a tile replaced at that moment has no box for an instant).
    const boxOf = async (name: string) => {
      let box: { y: number } | null = null;
      await expect
        .poll(async () => {
          box = await grid.getByRole('listitem').filter({ hasText: name }).boundingBox();
          return box !== null;
        })
        .toBe(true);
      return box!;
    };
    const boxes = [await boxOf('Sermons'), await boxOf('Videos'), await boxOf('Offerings')];
    expect(boxes[0]!.y).toBe(boxes[1]!.y);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // The guest flag survives a reload; 'Log In/Sign Up' leads to the login screen.
    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('banner').getByRole('link', { name: 'Log In/Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });

  test('the greeting says it is loading until the server answers who is signed in', async ({
    page,
  }) => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me', async (route) => {
      await answered;
      await route.continue();
    });
    await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Loading your profile...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Welcome to Your Flock App' })).toBeVisible();
  });

  test('a guest opening the profile is told it needs an account', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Continue as Guest' }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(
      page.getByText('Your profile needs an account. Log in or sign up to see and edit it.'),
    ).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Log In/Sign Up' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  for (const path of ['/home', '/profile', '/offerings', '/payment-history']) {
    test(`without a session or the guest flag ${path} redirects to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    });
  }

  test('every tile opens its screen (Sermons asks which kind first)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
    const screens: Record<string, RegExp> = {
      Videos: /\/videos$/,
      Offerings: /\/offerings$/,
      Events: /\/events$/,
      'Check In': /\/checkin$/,
      'Prayer Wall': /\/prayer$/,
      Devotional: /\/devotional$/,
      'Workers Portal': /\/(workers-gate|auth)$/,
      Profile: /\/profile$/,
    };
    expect(Object.keys(screens)).toEqual(tileLabels.filter((label) => label !== 'Sermons'));
    for (const [label, url] of Object.entries(screens)) {
      await page.goto('/home');
      await page.getByRole('list', { name: 'Features' }).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(url);
      // Its own heading (the Workers Portal's gate is a dialog), never 'Page not found'.
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    }
  });

  test('the pastor portal sends a guest to /auth', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
    await page.goto('/pastor/ministry-resources');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('the sermon-type modal', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('flock.guest', '1'));
    await page.goto('/home');
  });

  test('opens from the Sermons tile and Cancel closes it', async ({ page }) => {
    const sermons = page.getByRole('button', { name: 'Sermons' });
    await sermons.click();
    const dialog = page.getByRole('dialog', { name: 'Choose Sermon Type' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('link', { name: 'Audio (external messaging channel)' }),
    ).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(sermons).toBeFocused();
  });

  test('a click on the backdrop closes it', async ({ page }) => {
    await page.getByRole('button', { name: 'Sermons' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Sermon Type' });
    await expect(dialog).toBeVisible();
    await page.getByTestId('modal-backdrop').click({ position: { x: 20, y: 20 } });
    await expect(dialog).toBeHidden();
  });

  test('the audio choice opens the configured channel in a new tab', async ({ page }) => {
    await page.getByRole('button', { name: 'Sermons' }).click();
    const audio = page
      .getByRole('dialog', { name: 'Choose Sermon Type' })
      .getByRole('link', { name: 'Audio (external messaging channel)' });
    await expect(audio).toHaveAttribute('href', AUDIO_CHANNEL_URL);
    await expect(audio).toHaveAttribute('target', '_blank');
    await expect(audio).toHaveAttribute('rel', /noopener/);
  });

  test('the video choice goes to /sermons', async ({ page }) => {
    await page.getByRole('button', { name: 'Sermons' }).click();
    await page
      .getByRole('dialog', { name: 'Choose Sermon Type' })
      .getByRole('link', { name: 'Video (video platform)' })
      .click();
    await expect(page).toHaveURL(/\/sermons$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sermons', level: 1 })).toBeVisible();
  });
});

test.describe('the admin tile', () => {
  // Its own app: ADMIN_EMAILS makes admin@example.com an admin when it signs up.
  let app: RunningApp;

  test.beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'admin@example.com' });
  });

  test.afterAll(async () => {
    await app?.dispose();
  });

  test('an admin sees the Admin Panel tile, a member does not', async ({ page }) => {
    test.setTimeout(120_000);
    await newMemberOnHome(
      page,
      {
        firstName: 'Abena',
        lastName: 'Admin',
        email: 'admin@example.com',
        password: 'admin-pass-123',
      },
      app.baseURL,
    );
    await expect(page.getByRole('heading', { name: 'Welcome, Abena!' })).toBeVisible();
    const adminTile = page.getByRole('link', { name: 'Admin Panel' });
    await expect(adminTile).toBeVisible();
    await adminTile.click();
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);

    await newMemberOnHome(
      page,
      {
        firstName: 'Kwesi',
        lastName: 'Member',
        email: uniqueEmail('member'),
        password: 'member-pass-123',
      },
      app.baseURL,
    );
    await expect(page.getByRole('heading', { name: 'Welcome, Kwesi!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  });
});
