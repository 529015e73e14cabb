import type { Browser, Page } from '@playwright/test';
import { DEVOTIONAL_MESSAGES } from '../../src/shared/devotional.ts';
import { sampleSermons } from './support/content.ts';
import { signIn, type Account, type StorageState } from './support/sessions.ts';
import { useSpecApp } from './support/spec-app.ts';
import { expect, test } from './support/test.ts';
import { m } from '../../src/paraglide/messages.js';

// Its own app: ADMIN_EMAILS makes admin@example.com an admin when it signs up. The tests
// share that app and run in order, each going on from what the one before left.
test.describe.configure({ mode: 'serial' });

const admin = { email: 'admin@example.com', password: 'admin-pass-123', firstName: 'Abena' };
const member = { email: 'kwesi@example.com', password: 'member-pass-123', firstName: 'Kwesi' };
const spec = useSpecApp(admin, [member]);

const open = (browser: Browser, who: Account | StorageState | null, path: string) =>
  spec.open(browser, who, path, (context) =>
    // Offline machine: the thumbnails and document previews would only fail slowly.
    context.route(/^https:\/\/(i\.ytimg\.com|docs\.google\.com|drive\.google\.com)\//, (r) =>
      r.abort('internetdisconnected'),
    ),
  );

const sermonList = (page: Page) => page.getByRole('list', { name: 'Sermons', exact: true });
const adminSermonList = (page: Page) =>
  page.getByRole('list', { name: 'Sermons in the order members see them' });
const rowsOf = (page: Page) => adminSermonList(page).getByRole('listitem');

test('the admin area says it is verifying, then sends members, guests and visitors to /home', async ({
  browser,
}) => {
  const memberPage = await open(browser, member, '/home');
  await expect(memberPage.getByRole('heading', { name: 'Welcome, Kwesi!' })).toBeVisible();
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await memberPage.route('**/api/me', async (route) => {
    await answered;
    await route.continue();
  });
  await memberPage.goto('/admin');
  await expect(memberPage.getByText('Verifying admin access...')).toBeVisible();
  await expect(memberPage.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  answer();
  await expect(memberPage).toHaveURL(/\/home$/);
  await expect(memberPage.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  await memberPage.goto('/admin/sermons');
  await expect(memberPage).toHaveURL(/\/home$/);
  await memberPage.context().close();

  const guestPage = await open(browser, null, '/');
  await guestPage.evaluate(() => localStorage.setItem('flock.guest', '1'));
  await guestPage.goto('/admin');
  await expect(guestPage).toHaveURL(/\/home$/);
  await expect(guestPage.getByRole('heading', { name: 'Welcome to Your Flock App' })).toBeVisible();
  await guestPage.context().close();

  // A visitor is sent to /home, which sends them on to log in.
  const visitorPage = await open(browser, null, '/admin/devotional');
  await expect(visitorPage).toHaveURL(/\/auth$/);
  await visitorPage.context().close();
});

test('the dashboard greets the admin by the start of the email and has its cards', async ({
  browser,
}) => {
  const page = await open(browser, admin, '/home');
  await page.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome, admin!')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Admin tools' });
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
    'Worker Applications',
    'Content',
    'Registered Users',
    'Reports',
    'Events',
    'Prayer requests',
    'Check-in',
    'Campaigns',
    'Finance',
  ]);
  // Reports is the finance desk's (issue 12).
  await expect(cards.getByRole('link', { name: /Reports/ })).toHaveAttribute(
    'href',
    '/admin/reports',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await cards.getByRole('link', { name: /Worker Applications/ }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(page.getByRole('heading', { name: 'Worker Applications' })).toBeVisible();
  await page.goBack();
  await cards.getByRole('link', { name: /Registered Users/ }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Registered Users' })).toBeVisible();
  await page.goBack();
  await cards.getByRole('link', { name: 'Manage sermons' }).click();
  await expect(page).toHaveURL(/\/admin\/sermons$/);
  await page.goBack();
  await cards.getByRole('link', { name: 'Manage devotional' }).click();
  await expect(page).toHaveURL(/\/admin\/devotional$/);
  await page.goBack();
  await cards.getByRole('link', { name: 'Manage videos' }).click();
  await expect(page).toHaveURL(/\/admin\/videos$/);
  await page.context().close();
});

test('an admin edits a sermon title and a member sees it', async ({ browser }) => {
  const sermon = sampleSermons[0]!;
  const newTitle = 'Walking by Faith, Not by Sight';

  // The member has the list open before the edit.
  const memberPage = await open(browser, member, '/sermons');
  await expect(sermonList(memberPage).getByRole('link').first()).toHaveText(sermon.title);

  const page = await open(browser, admin, '/admin/sermons');
  await expect(adminSermonList(page).getByRole('listitem')).toHaveCount(sampleSermons.length);
  await page.getByRole('button', { name: `Edit ${sermon.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit sermon' });
  await expect(dialog.getByLabel('Title')).toHaveValue(sermon.title);
  await expect(dialog.getByLabel('Video link or id')).toHaveValue(sermon.videoId);
  await dialog.getByLabel('Title').fill(newTitle);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Sermon saved.')).toBeVisible();
  await expect(adminSermonList(page).getByRole('listitem').first()).toContainText(newTitle);

  // The member moves on to the sermon and back: the new title, no reload needed.
  await sermonList(memberPage).getByRole('link').first().click();
  await expect(memberPage.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await memberPage.getByRole('link', { name: 'All sermons' }).click();
  await expect(sermonList(memberPage).getByRole('link').first()).toHaveText(newTitle);
  await memberPage.goto(`/sermons/${sermon.id}`);
  await expect(memberPage.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await memberPage.context().close();
  await page.context().close();
});

test('adding a sermon refuses a malformed link and an over-long title, then adds it at the end', async ({
  browser,
}) => {
  const page = await open(browser, admin, '/admin/sermons');
  await page.getByRole('button', { name: 'Add sermon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add sermon' });
  await dialog.getByLabel('Title').fill('x'.repeat(201));
  await dialog.getByLabel('Video link or id').fill('https://vimeo.com/123456');
  await dialog.getByRole('button', { name: 'Add sermon' }).click();
  await expect(dialog.getByLabel('Title')).toHaveAccessibleDescription(
    'Title must be at most 200 characters.',
  );
  await expect(dialog.getByLabel('Video link or id')).toHaveAccessibleDescription(
    /Enter a video link \(youtube\.com\/watch\?v=…, youtu\.be\/…\) or its 11-character id\./,
  );
  await dialog.getByLabel('Video link or id').fill('dQw4w9WgXc');
  await dialog.getByRole('button', { name: 'Add sermon' }).click();
  // A 10-character id is no id either.
  await expect(dialog.locator('.field-error')).toHaveText([
    'Title must be at most 200 characters.',
    'Enter a video link (youtube.com/watch?v=…, youtu.be/…) or its 11-character id.',
  ]);
  await expect(rowsOf(page)).toHaveCount(sampleSermons.length);

  await dialog.getByLabel('Title').fill('Fire on the Altar');
  await dialog.getByLabel('Video link or id').fill('https://youtu.be/dQw4w9WgXcQ?si=share');
  await dialog.getByRole('button', { name: 'Add sermon' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('“Fire on the Altar” added.')).toBeVisible();
  const rows = rowsOf(page);
  await expect(rows).toHaveCount(sampleSermons.length + 1);
  await expect(rows.last()).toContainText('Fire on the Altar');
  await expect(rows.last()).toContainText('Video dQw4w9WgXcQ');

  const memberPage = await open(browser, member, '/sermons');
  await expect(sermonList(memberPage).getByRole('link').last()).toHaveText('Fire on the Altar');
  await sermonList(memberPage).getByRole('link').last().click();
  await expect(memberPage).toHaveURL(/\/sermons\/fire-on-the-altar$/);
  await memberPage.getByRole('button', { name: 'Play Fire on the Altar' }).click();
  await expect(memberPage.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/,
  );
  await memberPage.context().close();
  await page.context().close();
});

test('an admin reorders sermons with the keyboard and removes one after confirming', async ({
  browser,
}) => {
  const page = await open(browser, admin, '/admin/sermons');
  const rows = adminSermonList(page).getByRole('listitem');
  const third = sampleSermons[2]!;
  await expect(rows.nth(2)).toContainText(third.title);

  // Two presses of Enter on 'Move … up': it climbs to the top, keeping the focus.
  const up = page.getByRole('button', { name: `Move ${third.title} up` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(rows.nth(1)).toContainText(third.title);
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows.first()).toContainText(third.title);
  await expect(up).toBeFocused();
  await expect(up).toHaveAttribute('aria-disabled', 'true');
  // At the top it stays where it is.
  await page.keyboard.press('Enter');
  await expect(rows.first()).toContainText(third.title);

  // The moves are saved one after another; a member who loads the list once they are saved
  // sees the new order.
  const memberPage = await open(browser, member, '/sermons');
  await expect(async () => {
    await memberPage.reload();
    await expect(sermonList(memberPage).getByRole('link').first()).toHaveText(third.title, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });

  // Delete asks first; Cancel keeps the sermon.
  const last = sampleSermons.at(-1)!;
  await page.getByRole('button', { name: `Delete ${last.title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this sermon?' });
  await expect(confirm).toContainText(`“${last.title}” will be removed for everyone.`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: `Delete ${last.title}` })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${last.title}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`“${last.title}” deleted.`)).toBeVisible();
  await expect(adminSermonList(page).getByText(last.title)).toHaveCount(0);

  await memberPage.goto(`/sermons/${last.id}`);
  await expect(
    memberPage.getByRole('heading', { level: 1, name: m.shared_sermons_not_found() }),
  ).toBeVisible();
  await memberPage.context().close();
  await page.context().close();
});

test('an admin adds a week and its days, edits and removes them, and a member sees each change', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await open(browser, admin, '/admin/devotional');
  const memberPage = await open(browser, member, '/devotional');
  await expect(memberPage.getByRole('link', { name: /Week 15/ })).toBeVisible();

  // Week 15 exists: the server says so next to the number.
  await page.getByRole('button', { name: 'Add week' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add week' });
  await expect(dialog.getByLabel('Week number')).toHaveValue('16');
  await dialog.getByLabel('Week number').fill('15');
  await dialog.getByLabel('Title').fill('Easter Week');
  await dialog.getByRole('button', { name: 'Add week' }).click();
  await expect(dialog.getByLabel('Week number')).toHaveAccessibleDescription(
    'Week 15 already exists.',
  );
  await dialog.getByLabel('Week number').fill('16');
  await dialog.getByRole('button', { name: 'Add week' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Week 16 added.')).toBeVisible();

  // A week without days: members are told there is nothing yet.
  await memberPage.goto('/devotional/week/16');
  await expect(
    memberPage.getByRole('heading', { name: DEVOTIONAL_MESSAGES.noWeek(16) }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Days of Week 16' }).click();
  await expect(page).toHaveURL(/\/admin\/devotional\/week\/16$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Easter Week' })).toBeVisible();
  await page.getByRole('button', { name: 'Add day' }).click();
  dialog = page.getByRole('dialog', { name: 'Add day' });
  await expect(dialog.getByLabel('Day number')).toHaveValue('1');
  await dialog.getByLabel('Title').fill('He Is Risen');
  await dialog.getByLabel('Document link (optional)').fill('https://example.com/notes.pdf');
  await dialog.getByRole('button', { name: 'Add day' }).click();
  await expect(dialog.getByLabel('Document link (optional)')).toHaveAccessibleDescription(
    /Enter an https link to a Google Docs or Google Drive document, or leave it empty\./,
  );
  await dialog
    .getByLabel('Document link (optional)')
    .fill('https://docs.google.com/document/d/easter-1/edit');
  await dialog.getByRole('button', { name: 'Add day' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Day 1 added.')).toBeVisible();

  await page.getByRole('button', { name: 'Add day' }).click();
  await expect(dialog.getByLabel('Day number')).toHaveValue('2');
  // A number the week has already is refused here, with the way out.
  await dialog.getByLabel('Day number').fill('1');
  await dialog.getByLabel('Title').fill('The Road to Emmaus');
  await dialog.getByRole('button', { name: 'Add day' }).click();
  await expect(dialog.getByLabel('Day number')).toHaveAccessibleDescription(
    'Day 1 already exists. Edit it instead.',
  );
  await expect(dialog.getByLabel('Day number')).toBeFocused();
  await dialog.getByLabel('Day number').fill('2');
  await dialog.getByRole('button', { name: 'Add day' }).click();
  await expect(dialog).toBeHidden();
  const days = page.getByRole('list', { name: 'Days of Week 16' }).getByRole('listitem');
  await expect(days).toHaveCount(2);
  await expect(days.nth(1)).toContainText(m.shared_devotional_coming_soon());

  // The member sees the week, day 1's document (as a preview link) and day 2 coming soon.
  await memberPage.goto('/devotional');
  await memberPage.getByRole('link', { name: /Week 16/ }).click();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Easter Week' })).toBeVisible();
  await memberPage.getByRole('link', { name: /He Is Risen/ }).click();
  await expect(memberPage.locator('iframe')).toHaveAttribute(
    'src',
    'https://docs.google.com/document/d/easter-1/preview',
  );
  await memberPage.getByRole('link', { name: /Next day/ }).click();
  await expect(
    memberPage.getByRole('heading', { level: 1, name: 'The Road to Emmaus' }),
  ).toBeVisible();
  await expect(memberPage.getByText(m.shared_devotional_coming_soon())).toBeVisible();

  // Day 2 gets its document; the member's next visit frames it.
  await page.getByRole('button', { name: 'Edit Day 2' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Day 2' });
  await expect(dialog.getByLabel('Title')).toHaveValue('The Road to Emmaus');
  await expect(dialog.getByLabel('Document link (optional)')).toHaveValue('');
  await dialog
    .getByLabel('Document link (optional)')
    .fill('https://drive.google.com/file/d/emmaus/view');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await memberPage.getByRole('link', { name: /Previous day/ }).click();
  await memberPage.getByRole('link', { name: /Next day/ }).click();
  await expect(memberPage.locator('iframe')).toHaveAttribute(
    'src',
    'https://drive.google.com/file/d/emmaus/preview',
  );

  // Rename the week, remove day 1, then the week.
  await page.getByRole('link', { name: 'All weeks' }).click();
  await page.getByRole('button', { name: 'Rename Week 16' }).click();
  dialog = page.getByRole('dialog', { name: 'Rename Week 16' });
  await dialog.getByLabel('Title').fill('Holy Week');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Week 16 renamed.')).toBeVisible();
  await memberPage.goto('/devotional');
  await expect(memberPage.getByRole('link', { name: /Week 16/ })).toContainText('Holy Week');

  await page.getByRole('link', { name: 'Days of Week 16' }).click();
  await page.getByRole('button', { name: 'Delete Day 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Day 1?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(days).toHaveCount(1);
  await memberPage.goto('/devotional/week/16/day/2');
  await expect(memberPage.getByRole('link', { name: /Previous day/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'All weeks' }).click();
  await page.getByRole('button', { name: 'Delete Week 16' }).click();
  const confirmWeek = page.getByRole('dialog', { name: 'Delete Week 16?' });
  await expect(confirmWeek).toContainText('“Holy Week” and its 1 day will be removed');
  await confirmWeek.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmWeek).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rename Week 16' })).toHaveCount(0);
  await memberPage.goto('/devotional/week/16');
  await expect(
    memberPage.getByRole('heading', { name: DEVOTIONAL_MESSAGES.noWeek(16) }),
  ).toBeVisible();
  await memberPage.context().close();
  await page.context().close();
});

test('the Logout on the dashboard signs the admin out', async ({ browser }) => {
  // A session of its own, so the shared admin session stays signed in.
  const page = await open(browser, await signIn(spec.app.baseURL, admin), '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  await page.context().close();
});
