import { request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { validAnswers } from '../../src/server/testing/application-answers.ts';
import { startApp, type RunningApp } from './support/harness.ts';
import { createAccount, type StorageState } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

// Stored XSS (issue 15, Build 2): script-bearing text saved through the API in every stored
// text field a page shows — member names, profile location, gift names, sermon and
// devotional titles, application answers, support requests — then every page that shows it
// opened in Chromium. The text must appear as text, and no script may run (a payload that
// ran would set window.__xss or open a dialog). Mails are plain text; the dev mailbox page
// that shows them is checked the same way.

const payload = (n: number) => `<img src=x onerror="window.__xss=${n}">`;
const scriptPayload = `<script>window.__xss=99</script>`;

const admin = { email: 'xss.admin@example.com', password: 'xss-admin-pass-1' };
const member = { email: 'xss.member@example.com', password: 'xss-member-pass-1' };

let app: RunningApp;
let adminState: StorageState;
let memberState: StorageState;
let applicationId: string;
let cashCode: string;

test.describe.configure({ mode: 'serial' });

async function api(state: StorageState): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: app.baseURL,
    storageState: state,
    extraHTTPHeaders: { origin: app.baseURL },
  });
}

test.beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: admin.email, AUTH_RATE_LIMIT: '100' });
  adminState = await createAccount(app.baseURL, admin);
  memberState = await createAccount(app.baseURL, { ...member, firstName: payload(1) });

  const asMember = await api(memberState);
  const asAdmin = await api(adminState);
  try {
    const profile = await asMember.patch('/api/profile', {
      data: {
        fullName: `${payload(2)} ${scriptPayload}`.slice(0, 120),
        phoneNumber: '+233241234567',
        assemblyName: 'grace',
        location: payload(3),
      },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const gift = await asMember.post('/api/giving/gifts', {
      data: {
        type: 'other',
        otherType: payload(4),
        firstName: payload(5),
        lastName: 'Mensah',
        assembly: 'grace',
        amount: '5',
        paymentMethod: 'bank',
        bank: 'fidelity',
      },
    });
    expect(gift.status(), await gift.text()).toBe(201);
    // A cash gift in a script-bearing name, counted short by a desk volunteer whose name
    // carries script too: flagged on the finance desk.
    const cash = await asMember.post('/api/giving/gifts', {
      data: {
        type: 'tithe',
        firstName: payload(12),
        lastName: 'Owusu',
        assembly: 'grace',
        amount: '20',
        paymentMethod: 'cash',
      },
    });
    expect(cash.status(), await cash.text()).toBe(201);
    cashCode = ((await cash.json()) as { code: string }).code;
    const entry = (await (await asAdmin.get(`/api/finance/cash?code=${cashCode}`)).json()) as {
      id: string;
    };
    const received = await asAdmin.post(`/api/finance/cash/${entry.id}/receive`, {
      data: {
        amount: '15',
        receivedOn: new Date().toISOString().slice(0, 10),
        receivedBy: payload(13),
      },
    });
    expect(received.status(), await received.text()).toBe(200);
    const sermon = await asAdmin.post('/api/admin/sermons', {
      data: { title: payload(6), video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(sermon.status(), await sermon.text()).toBe(201);
    const week = await asAdmin.post('/api/admin/devotional/weeks', {
      data: { id: 52, title: payload(7) },
    });
    expect(week.status(), await week.text()).toBe(201);
    const support = await asMember.post('/api/support', {
      data: { full_name: payload(8), email: member.email, title: payload(9), issue: scriptPayload },
    });
    expect(support.status(), await support.text()).toBe(201);

    // An application whose free-text answers carry the payloads.
    const upload = async (kind: string, name: string, mimeType: string, buffer: Buffer) => {
      const res = await asMember.post('/api/workers/files', {
        multipart: { kind, file: { name, mimeType, buffer } },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const photo = await upload(
      'passport_photo',
      'me.jpg',
      'image/jpeg',
      await sharp({ create: { width: 300, height: 400, channels: 3, background: '#7b5236' } })
        .jpeg()
        .toBuffer(),
    );
    const signature = await upload(
      'signature',
      'sig.png',
      'image/png',
      await sharp({ create: { width: 500, height: 150, channels: 4, background: '#00000000' } })
        .png()
        .toBuffer(),
    );
    const application = await asMember.post('/api/workers/applications', {
      data: {
        role: 'pastor',
        answers: validAnswers('pastor', {
          passport_photo: photo,
          email: member.email,
          full_name: payload(10),
          residential_address: payload(11),
          secular_education: scriptPayload,
        }),
        agree_terms: true,
        signature,
      },
    });
    expect(application.status(), await application.text()).toBe(201);
    applicationId = ((await application.json()) as { id: string }).id;
  } finally {
    await asMember.dispose();
    await asAdmin.dispose();
  }
});

test.afterAll(async () => {
  await app?.dispose();
});

async function open(browser: Browser, state: StorageState, url: string) {
  const context = await browser.newContext({ storageState: state, baseURL: app.baseURL });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(url);
  return { page, dialogs, close: () => context.close() };
}

async function expectInert(page: Page, dialogs: string[], shown: string[]) {
  for (const text of shown) {
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  }
  // Give an injected handler every chance to have run.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

test('member names and the profile location show as text', async ({ browser }) => {
  const { page, dialogs, close } = await open(browser, memberState, '/profile');
  await expect(page.getByLabel('Location')).toHaveValue(payload(3));
  await expectInert(page, dialogs, []);
  await close();
  const users = await open(browser, adminState, '/admin/users');
  await expectInert(users.page, users.dialogs, [payload(2)]);
  await users.close();
});

test('gift names and types show as text in the history', async ({ browser }) => {
  const { page, dialogs, close } = await open(browser, memberState, '/payment-history');
  await expectInert(page, dialogs, [payload(4)]);
  await close();
});

test('sermon and devotional titles show as text', async ({ browser }) => {
  const sermons = await open(browser, memberState, '/sermons');
  await expectInert(sermons.page, sermons.dialogs, [payload(6)]);
  await sermons.close();
  const devotional = await open(browser, memberState, '/devotional');
  await expectInert(devotional.page, devotional.dialogs, [payload(7)]);
  await devotional.close();
  const adminSermons = await open(browser, adminState, '/admin/sermons');
  await expectInert(adminSermons.page, adminSermons.dialogs, [payload(6)]);
  await adminSermons.close();
});

test('application answers show as text to the admin', async ({ browser }) => {
  const list = await open(browser, adminState, '/admin/applications?status=pending');
  // The list names the applicant by their account name.
  await expectInert(list.page, list.dialogs, [payload(2)]);
  await list.close();
  const view = await open(
    browser,
    adminState,
    `/admin/applications?id=${applicationId}&status=pending`,
  );
  await expectInert(view.page, view.dialogs, [payload(10), payload(11), scriptPayload]);
  await view.close();
});

test('finance desk names and notes show as text', async ({ browser }) => {
  const desk = await open(browser, adminState, '/finance/cash');
  await expectInert(desk.page, desk.dialogs, [payload(12)]);
  await desk.page.getByRole('button', { name: new RegExp(`Open ${cashCode}`) }).click();
  await expectInert(desk.page, desk.dialogs, [payload(13)]);
  await desk.close();
  const audit = await open(browser, adminState, '/admin/finance/audit');
  await expectInert(audit.page, audit.dialogs, []);
  await audit.close();
});

test('mails carrying the stored text are plain text, shown as text in the dev mailbox', async ({
  browser,
}) => {
  const { page, dialogs, close } = await open(browser, adminState, '/dev/mailbox');
  await expectInert(page, dialogs, []);
  const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as {
    mails: { id: string; text: string; html: string | null }[];
  };
  const carrying = mails.mails.filter((m) => m.text.includes('onerror'));
  expect(carrying.length).toBeGreaterThan(0);
  for (const mail of carrying) {
    expect(mail.html).toBeNull();
    await page.goto(`/dev/mailbox/${mail.id}`);
    await expectInert(page, dialogs, ['onerror']);
  }
  await close();
});
