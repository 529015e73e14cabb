import { request } from '@playwright/test';
import { formFor } from '../../src/shared/workers/form.ts';
import { countMails } from './support/accounts.ts';
import { checkScreen } from './support/screens.ts';
import { useSpecApp } from './support/spec-app.ts';
import { expect, test } from './support/test.ts';
import { answersFor, drawSignature, fillStep, photoFile } from './support/workers.ts';
import { m } from '../../src/paraglide/messages.js';

// Its own app: ADMIN_EMAILS makes the overseer an admin. The tests run in order: the pastor
// who applies in one is approved in a later one.
test.describe.configure({ mode: 'serial' });

const admin = { email: 'overseer@example.com', password: 'overseer-pass-1', firstName: 'Abena' };
const pastor = { email: 'kwame@example.com', password: 'kwame-pass-123', firstName: 'Kwame' };
const elder = { email: 'esi@example.com', password: 'esi-pass-1234', firstName: 'Esi' };
const drafter = { email: 'yaw@example.com', password: 'yaw-pass-1234', firstName: 'Yaw' };

const spec = useSpecApp(admin, [pastor, elder, drafter], { timeout: 180_000 });
const open = spec.open;

const sections = formFor('pastor')!;

test('the gate refuses a wrong password with the auth message, then opens the portal', async ({
  browser,
}) => {
  const page = await open(browser, pastor, '/home');
  await page.getByRole('link', { name: 'Workers Portal' }).click();
  const gate = page.getByRole('dialog', { name: 'Workers Portal' });
  // A member is not asked for the email again.
  await expect(gate.getByLabel('Email')).toHaveCount(0);
  await gate.getByLabel('Password', { exact: true }).fill('not-my-password');
  await gate.getByRole('button', { name: 'Enter Portal' }).click();
  await expect(gate.getByRole('alert')).toHaveText('Invalid password');
  await expect(page).toHaveURL(/\/workers-gate$/);

  await gate.getByLabel('Password', { exact: true }).fill(pastor.password);
  await gate.getByRole('button', { name: 'Enter Portal' }).click();
  await expect(page).toHaveURL(/\/workers$/);
  await expect(page.getByRole('heading', { name: 'Workers Portal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply Now' })).toBeVisible();
});

test('a visitor logs in at the gate with email and password', async ({ browser }) => {
  const page = await open(browser, null, '/workers-gate');
  const gate = page.getByRole('dialog', { name: 'Workers Portal' });
  await gate.getByLabel('Email').fill(elder.email);
  await gate.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await gate.getByRole('button', { name: 'Enter Portal' }).click();
  await expect(gate.getByRole('alert')).toHaveText('Invalid email or password');
  await gate.getByLabel('Password', { exact: true }).fill(elder.password);
  await gate.getByRole('button', { name: 'Enter Portal' }).click();
  await expect(page).toHaveURL(/\/workers$/);
  await expect(page.getByRole('link', { name: 'Apply Now' })).toBeVisible();
});

test('the portal sends a visitor to /auth; the chooser offers five roles; a role without a form says so', async ({
  browser,
}) => {
  const visitor = await open(browser, null, '/workers');
  await expect(visitor).toHaveURL(/\/auth$/);

  const page = await open(browser, pastor, '/role-chooser');
  const roles = page.getByRole('list').getByRole('link');
  await expect(roles).toHaveText([
    /Reverend Minister/,
    /Pastor/,
    /Elder/,
    /Campus Pastor/,
    /Cell Leader/,
  ]);
  await page.getByRole('link', { name: /Campus Pastor/ }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Form configuration not found for role: campus_pastor',
  );
});

test('a married pastor with another ID type applies: messages, photo, review and Edit, declaration, signature', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const answers = answersFor({
    marital_status: 'married',
    spouse_name: 'Akosua Mensah',
    spouse_contact: '+233244556677',
    spouse_nationality: 'Ghanaian',
    id_type: 'other',
    id_other_specify: 'Voter ID',
    email: pastor.email,
  });
  const page = await open(browser, pastor, '/apply/pastor');
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  // What the member gave at sign-up is filled in.
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Kwame Mensah');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(pastor.email);

  // A required answer left out: the spec's message, and the step stays.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    'Please fill in "Pastor type" before continuing.',
  );

  // Spouse fields and the other-ID field appear only when they apply.
  await expect(page.getByLabel("Spouse's name")).toHaveCount(0);
  await expect(page.getByLabel('Other ID type')).toHaveCount(0);
  await fillStep(page, 'pastor', 0, answers);
  await expect(page.getByLabel("Spouse's name")).toHaveValue('Akosua Mensah');
  await expect(page.getByLabel('Other ID type')).toHaveValue('Voter ID');

  await page.getByLabel('Passport photo').setInputFiles(await photoFile());
  await expect(page.getByText('✓ passport.jpg uploaded.')).toBeVisible();

  for (let step = 1; step < sections.length; step++) {
    await page.getByRole('button', { name: step === 1 ? 'Next' : /Next|Agree & Review/ }).click();
    await expect(page.getByRole('heading', { name: sections[step]!.title })).toBeVisible();
    if (step === 1) {
      // Back returns to the step before, with what was typed.
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByLabel('Other ID type')).toHaveValue('Voter ID');
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await fillStep(page, 'pastor', step, answers);
  }
  await page.getByRole('button', { name: 'Agree & Review' }).click();

  // The review shows every answer by section, as a person reads it.
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByText('Full-time pastor')).toBeVisible();
  await expect(page.getByText('Voter ID')).toBeVisible();
  await expect(page.getByText('Akosua Mensah')).toBeVisible();

  // Edit goes back to that section and returns to the review.
  await page.getByRole('button', { name: 'Edit Ministry Information' }).click();
  await expect(page.getByRole('heading', { name: 'Ministry Information' })).toBeVisible();
  await page.getByLabel('Location', { exact: true }).fill('Kumasi Central');
  await page.getByRole('button', { name: 'Back to review' }).click();
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.getByText('Kumasi Central')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The declaration: not agreed, then not signed.
  await expect(page.getByRole('heading', { name: 'Declaration' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    'You must agree to "I agree to this declaration" to continue.',
  );
  await page.getByLabel('I agree to this declaration').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    'Please provide your signature before submitting.',
  );
  await drawSignature(page);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByText(m.shared_workers_submitted())).toBeVisible();
  await expect(page).toHaveURL(/\/workers$/);
  await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
});

test('a refresh in the middle of the form keeps what was typed', async ({ browser }) => {
  const page = await open(browser, drafter, '/apply/elder');
  await page.getByLabel('Nationality').fill('Ghanaian');
  await page.getByLabel('Residential address').fill('Plot 7, Tanoso');
  await page.getByRole('group', { name: 'Gender' }).getByLabel('Female', { exact: true }).check();
  // Elders are not asked for a pastor type.
  await expect(page.getByRole('group', { name: 'Pastor type' })).toHaveCount(0);
  await page.waitForTimeout(400); // the draft is written a moment after typing stops
  await page.reload();
  await expect(page.getByLabel('Nationality')).toHaveValue('Ghanaian');
  await expect(page.getByLabel('Residential address')).toHaveValue('Plot 7, Tanoso');
  await expect(
    page.getByRole('group', { name: 'Gender' }).getByLabel('Female', { exact: true }),
  ).toBeChecked();
});

test('a reload right after typing loses nothing (the draft is saved as the page goes away)', async ({
  browser,
}) => {
  const page = await open(browser, drafter, '/apply/pastor');
  await page.getByLabel('Nationality').fill('Ghanaian');
  // Switching to another app hides the page: the draft is written then, not 250 ms later.
  const kept = await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    return localStorage.getItem('flock.draft.application.pastor');
  });
  expect(kept).toContain('Ghanaian');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
  await page.getByLabel('Residential address').fill('Plot 9, Adum');
  // No wait: the reload starts before the usual 250 ms pause after typing is over.
  await page.reload();
  await expect(page.getByLabel('Nationality')).toHaveValue('Ghanaian');
  await expect(page.getByLabel('Residential address')).toHaveValue('Plot 9, Adum');
  await page.context().close();
});

test("the admin approves the pastor, who then sees the Pastor's Dashboard", async ({ browser }) => {
  const page = await open(browser, admin, '/admin');
  await page.getByRole('link', { name: /Worker Applications/ }).click();
  await expect(page.getByRole('heading', { name: 'Worker Applications' })).toBeVisible();
  await page.getByRole('button', { name: 'Pending' }).click();
  await page.getByRole('link', { name: /Kwame Mensah/ }).click();
  await expect(page.getByRole('heading', { name: 'Kwame Mensah: Pastor' })).toBeVisible();
  // The answers by section, the photo and the signature through expiring links.
  await expect(page.getByText('Voter ID')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Passport photo of Kwame Mensah' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await photo.getAttribute('src')).toMatch(/expires=/);
  await expect(page.getByRole('img', { name: 'Signature of Kwame Mensah' })).toBeVisible();
  await expect(page.getByLabel(/Pastor type/)).toHaveValue('full-time');

  // Approve asks first; Cancel keeps the application as it is.
  await page.getByRole('button', { name: 'Approve' }).click();
  const ask = page.getByRole('dialog', { name: 'Approve this application?' });
  await expect(ask).toContainText("Approve Kwame Mensah's pastor application (Full-time pastor)?");
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkScreen(page, 'admin-approve-dialog');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('No decision yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await ask.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Application marked as approved')).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(
    page.getByText(/Pending → Approved \(full-time\) by overseer@example.com/),
  ).toBeVisible();

  const applicant = await open(browser, pastor, '/workers');
  await expect(applicant.getByRole('heading', { name: "Pastor's Dashboard" })).toBeVisible();
  await expect(applicant.getByRole('link', { name: /Administrative Resources/ })).toBeVisible();
  await expect(applicant.getByRole('link', { name: /Ministry & Church Resources/ })).toBeVisible();
});

test('a rejected elder is told so, with the way to reapply', async ({ browser }) => {
  // Esi's application goes in through the API (the form has its own test above).
  const api = await request.newContext({
    baseURL: spec.app.baseURL,
    storageState: spec.state(elder),
    extraHTTPHeaders: { origin: spec.app.baseURL },
  });
  const photo = await photoFile();
  const upload = async (kind: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const res = await api.post('/api/workers/files', { multipart: { kind, file } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const photoId = await upload('passport_photo', photo);
  const signatureId = await upload('signature', {
    name: 'signature.png',
    mimeType: 'image/png',
    buffer: await (
      await import('sharp')
    )
      .default({
        create: { width: 300, height: 100, channels: 4, background: '#00000000' },
      })
      .png()
      .toBuffer(),
  });
  const { pastor_type: _none, ...elderAnswers } = answersFor({
    email: elder.email,
    full_name: 'Esi Owusu',
    passport_photo: photoId,
  });
  const sent = await api.post('/api/workers/applications', {
    data: { role: 'elder', answers: elderAnswers, agree_terms: true, signature: signatureId },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await api.dispose();

  const page = await open(browser, admin, '/admin/applications?status=pending');
  await page.getByRole('link', { name: /Esi Mensah/ }).click();
  await expect(page.getByRole('heading', { name: 'Esi Mensah: Elder' })).toBeVisible();
  await expect(page.getByLabel(/Pastor type/)).toHaveCount(0);
  // Reject asks first, and for the reason the applicant is told.
  await page.getByRole('button', { name: 'Reject' }).click();
  const ask = page.getByRole('dialog', { name: 'Reject this application?' });
  await expect(ask).toContainText("Reject Esi Mensah's elder application?");
  await ask.getByRole('button', { name: 'Reject' }).click();
  await expect(ask.getByText(m.shared_workers_reason_required())).toBeVisible();
  await expect(ask.getByLabel('Reason')).toBeFocused();
  await checkScreen(page, 'admin-reject-dialog');
  const reason = 'We need a letter of recommendation from your assembly first.';
  await ask.getByLabel('Reason').fill(reason);
  await ask.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Application marked as rejected')).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(page.getByText(reason)).toBeVisible();
  await checkScreen(page, 'admin-application-rejected');
  // The applicant is mailed the decision (the app's dev mailbox stands in for SMTP here).
  expect(await countMails(page, elder.email, /elder application was not approved/)).toBe(1);

  const esi = await open(browser, elder, '/workers');
  await expect(esi.getByRole('heading', { name: 'Application Rejected' })).toBeVisible();
  await expect(esi.getByText(/contact the church leadership/)).toBeVisible();
  await expect(esi.getByText(reason)).toBeVisible();
  await checkScreen(esi, 'workers-rejected');
  await esi.getByRole('link', { name: 'Reapply' }).click();
  await expect(esi).toHaveURL(/\/role-chooser$/);
});

test('registered users are listed for the admin and found by name', async ({ browser }) => {
  const page = await open(browser, admin, '/admin');
  await page.getByRole('link', { name: /Registered Users/ }).click();
  await expect(page.getByRole('heading', { name: 'Registered Users' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/\d+ members/);
  await page.getByLabel('Search by name or email').fill('esi@');
  await expect(page.getByRole('status')).toHaveText('1 member matching “esi@”');
  await expect(page.getByText('esi@example.com')).toBeVisible();
});

test('the application form fits a 360 px screen without sideways scrolling', async ({
  browser,
}) => {
  const page = await open(browser, drafter, '/apply/pastor');
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
