import { request, type APIRequestContext } from '@playwright/test';
import {
  startFakePushService,
  type DeliveredPush,
  type FakePushService,
} from '../../src/server/testing/fake-push.ts';
import { startApp, type RunningApp } from './support/harness.ts';
import { applyAsPastor, approve } from './support/pastor.ts';
import { checkScreen, noSideScroll, openPhone } from './support/screens.ts';
import { createAccount, type StorageState } from './support/sessions.ts';
import { expect, test } from './support/test.ts';

// Web push (issue 35, decision 041), end to end in Chromium: a pastor turns notifications on
// from the profile; another pastor's message is signed and encrypted by the server, checked
// and decrypted by a push service on 127.0.0.1, and delivered to the real service worker,
// which shows it; a tap opens the conversation.
//
// Chromium's own push service is Google's (unreachable here), and headless Chromium refuses
// PushManager.subscribe, so the page's subscribe gives the fake service's subscription (its
// endpoint and keys), and the service hands what it decrypted to the worker through the
// DevTools protocol (ServiceWorker.deliverPushMessage): everything between is the real path.
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

const admin = { email: 'push.admin@example.com', password: 'admin-pass-1234', firstName: 'Abena' };
const ama = { email: 'push.ama@example.com', password: 'ama-pass-1234', firstName: 'Ama' };
const kofi = { email: 'push.kofi@example.com', password: 'kofi-pass-1234', firstName: 'Kofi' };

let app: RunningApp;
let push: FakePushService;
let deliver: (push: DeliveredPush) => Promise<void> = async () => {};
const states: Record<string, StorageState> = {};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  push = await startFakePushService({ onPush: (p) => deliver(p) });
  // The one push service on this machine the server may call (tests only, decision 052).
  app = await startApp({
    ADMIN_EMAILS: admin.email,
    AUTH_RATE_LIMIT: '100',
    PUSH_TEST_ORIGIN: push.url,
  });
  for (const account of [admin, ama, kofi]) {
    states[account.email] = await createAccount(app.baseURL, account);
  }
  for (const [who, name] of [
    [ama, 'Ama Serwaa Mensah'],
    [kofi, 'Kofi Adjei Mensah'],
  ] as const) {
    const id = await applyAsPastor(app.baseURL, states[who.email]!, {
      full_name: name,
      email: who.email,
      pastor_type: 'full-time',
    });
    await approve(app.baseURL, states[admin.email]!, id);
  }
});

test.afterAll(async () => {
  await push?.close();
  await app?.dispose();
});

async function api(state: StorageState): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: app.baseURL,
    storageState: state,
    extraHTTPHeaders: { origin: app.baseURL },
  });
}

test('a pastor turns notifications on, is shown a message by the service worker, and a tap opens it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: app.baseURL,
    storageState: states[ama.email],
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'allow',
  });
  await context.grantPermissions(['notifications'], { origin: app.baseURL });
  const device = push.newDevice();
  // This browser's subscription is the fake push service's (see above), kept for the tab as
  // a browser keeps it.
  await context.addInitScript((subscription) => {
    const made = () =>
      ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => subscription,
        unsubscribe: async () => {
          sessionStorage.removeItem('fake-push');
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => {
      sessionStorage.setItem('fake-push', '1');
      return made();
    };
    PushManager.prototype.getSubscription = async () =>
      sessionStorage.getItem('fake-push') ? made() : null;
  }, device.subscription);

  const page = await context.newPage();
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section.getByText('Notifications are off for this device.')).toBeVisible();
  await noSideScroll(page);
  // The worker Layout registers takes the page over.
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);

  await section.getByRole('button', { name: 'Turn on for this device' }).click();
  await expect(section.getByRole('status').first()).toHaveText(
    'Notifications are on for this device.',
  );
  await expect(section.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();
  await checkScreen(page, 'profile-notifications-on');

  // What the push service decrypted goes to the page's worker, as Chromium's would.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
    registrations.push(...event.registrations),
  );
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const registration = registrations.find((r) => !r.isDeleted)!;
  deliver = async (delivered) => {
    if (delivered.device !== device.id) return;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.baseURL,
      registrationId: registration.registrationId,
      data: JSON.stringify(delivered.payload),
    });
  };

  const kofiApi = await api(states[kofi.email]!);
  const amaApi = await api(states[ama.email]!);
  try {
    const amaId = ((await (await amaApi.get('/api/pastor/me')).json()) as { id: string }).id;
    const kofiId = ((await (await kofiApi.get('/api/pastor/me')).json()) as { id: string }).id;
    const sent = await kofiApi.post(`/api/pastor/conversations/${amaId}/messages`, {
      data: { text: 'The vigil starts at 10pm.' },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // With what reached the push service beside what the worker shows: a failure says which
    // step it stopped at.
    await expect
      .poll(async () => ({
        pushed: push.delivered.filter((p) => p.device === device.id).length,
        refused: push.refused,
        shown: await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            data: n.data as unknown,
          })),
        ),
      }))
      .toEqual({
        pushed: 1,
        refused: [],
        shown: [
          {
            title: 'Message from Kofi Mensah',
            body: 'The vigil starts at 10pm.',
            data: { url: `/pastor/messages?with=${kofiId}` },
          },
        ],
      });

    // A tap: the worker's notificationclick, with the notice it showed.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [shown] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown! }));
    });
    await expect(page).toHaveURL(`/pastor/messages?with=${kofiId}`);
    await expect(page.getByRole('log').getByText('The vigil starts at 10pm.')).toBeVisible();

    // Turned off: the server forgets the device and sends it nothing more.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Turn off on this device' }).click();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('status').first(),
    ).toHaveText('Notifications are off for this device.');
    const before = push.delivered.length;
    await kofiApi.post(`/api/pastor/conversations/${amaId}/messages`, {
      data: { text: 'Are you coming?' },
    });
    expect(push.delivered.length).toBe(before);
  } finally {
    await kofiApi.dispose();
    await amaApi.dispose();
    await context.close();
  }
});

test('quiet hours are kept, and a half-filled span is refused before it is sent', async ({
  browser,
}) => {
  const page = await openPhone(browser, app.baseURL, states[kofi.email], '/profile');
  const section = page.getByRole('region', { name: 'Notifications' });
  await section.getByLabel('From').fill('21:30');
  await section.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(section.getByText('Enter both times, or leave both empty.')).toBeVisible();
  await expect(section.getByLabel('Until')).toHaveAttribute('aria-invalid', 'true');
  await section.getByLabel('Until').fill('06:00');
  await section.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(section.getByRole('status').last()).toHaveText(
    'Saved. SMS and push notices wait between 21:30 and 06:00.',
  );
  await noSideScroll(page);
  await section.scrollIntoViewIfNeeded();
  await checkScreen(page, 'profile-quiet-hours');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByLabel('From')).toHaveValue(
    '21:30',
  );
  await page.context().close();
});
