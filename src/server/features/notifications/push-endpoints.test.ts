import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, scheduledJobs, users } from '../../db/schema.ts';
import { runJobsNow } from '../../jobs.ts';
import { pushEndpointAllowed, PUSH_TIMEOUT_MS } from '../../platform/push.ts';
import { memberSession } from '../../testing/accounts.ts';
import { startFakePushService, type FakePushService } from '../../testing/fake-push.ts';
import { call, give } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { grantOfficer } from '../finance/officers.service.ts';
import { notify } from '../../core/notify.ts';
import { MAX_PUSH_DEVICES } from './notifications.settings.ts';

// Issue 47, item 5: a member registered any https URL as a push endpoint in production (10 of
// 13 hostile ones: https://169.254.169.254, https://db:5432 …) with no cap, and pushes went
// one by one inside requests with a 15 s timeout each: three silent endpoints made a finance
// officer's 'cash received' take 45 s. Now: only the browsers' push services, ten devices a
// member, and every push from the job queue, all of a notice's at once, 5 s each.

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** What the tester registered, and more of the kind. */
const HOSTILE = [
  'https://169.254.169.254/latest/meta-data/',
  'https://db:5432/',
  'https://127.0.0.1/push',
  'https://localhost:3000/api/admin/users',
  'https://10.0.0.5/x',
  'https://[::1]/x',
  'https://2130706433/x',
  'https://evil.example/fcm.googleapis.com/',
  'https://fcm.googleapis.com.evil.example/fcm/send/x',
  'https://fcm.googleapis.com:5432/fcm/send/x',
  'https://user:pw@fcm.googleapis.com/fcm/send/x',
  'http://fcm.googleapis.com/fcm/send/x',
  'https://push.apple.com.evil.example/x',
  'https://notify.windows.com/x',
  'https://evilpush.apple.com/x',
];

/** One of each browser's push service. */
const REAL = [
  'https://fcm.googleapis.com/fcm/send/dAbC123:APA91b',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
  'https://web.push.apple.com/QGuQyavXutnMH',
  'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
];

describe('push endpoints in production', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', DEV_MAILBOX: 'true' } });
    cookie = await memberSession(t, 'push.prod@example.com');
  });
  afterAll(async () => t.close());

  const subscribe = (endpoint: string) =>
    call(t, 'POST', '/api/notifications/devices', cookie, { endpoint, keys });

  it("refuses every address that is not a browser's push service", async () => {
    for (const endpoint of HOSTILE) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.code, endpoint).toMatch(/BAD_SUBSCRIPTION|VALIDATION_ERROR/);
    }
    const kept = await t.db.select().from(pushSubscriptions);
    expect(kept).toEqual([]);
    for (const endpoint of REAL) expect((await subscribe(endpoint)).statusCode, endpoint).toBe(200);
  });

  it(`keeps a member's newest ${MAX_PUSH_DEVICES} devices, however many they register`, async () => {
    const mine = await memberSession(t, 'push.many@example.com');
    for (let i = 0; i < 25; i++) {
      const res = await call(t, 'POST', '/api/notifications/devices', mine, {
        endpoint: `https://fcm.googleapis.com/fcm/send/many-${i}`,
        keys,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings.devices).toBe(Math.min(i + 1, MAX_PUSH_DEVICES));
    }
    const [owner] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'push.many@example.com'));
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner!.id));
    expect(left.map((d) => d.endpoint).sort()).toEqual(
      Array.from(
        { length: MAX_PUSH_DEVICES },
        (_, i) => `https://fcm.googleapis.com/fcm/send/many-${15 + i}`,
      ).sort(),
    );
  });

  it('admits no test service in production, and knows the services by host alone', () => {
    expect(pushEndpointAllowed('http://127.0.0.1:9/push/x', undefined)).toBe(false);
    // Outside production a test names its own service on this machine, and only it.
    expect(pushEndpointAllowed('http://127.0.0.1:9/push/x', 'http://127.0.0.1:9')).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:10/push/x', 'http://127.0.0.1:9')).toBe(false);
    for (const endpoint of HOSTILE) expect(pushEndpointAllowed(endpoint), endpoint).toBe(false);
    for (const endpoint of REAL) expect(pushEndpointAllowed(endpoint), endpoint).toBe(true);
  });
});

describe('pushes go from the job queue', () => {
  let t: TestApp;
  let push: FakePushService;
  let officer: string;

  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp({ env: { PUSH_TEST_ORIGIN: push.url } });
    officer = await memberSession(t, 'push.officer@example.com');
    await grantOfficer(
      t.app.ctx,
      { id: null, email: 'test' },
      { email: 'push.officer@example.com', allAssemblies: true, assemblies: [] },
    );
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it("a finance officer's 'cash received' does not wait on three silent push services", async () => {
    const member = await memberSession(t, 'push.silent@example.com');
    const silent = [push.newDevice(), push.newDevice(), push.newDevice()];
    for (const device of silent) {
      push.silent(device.id);
      const res = await call(t, 'POST', '/api/notifications/devices', member, device.subscription);
      expect(res.statusCode).toBe(200);
    }
    const { code } = await give(t, member, { paymentMethod: 'cash', amount: '20' });
    const entry = (await call(t, 'GET', `/api/finance/cash?code=${code}`, officer)).json();

    const started = performance.now();
    const received = await call(t, 'POST', `/api/finance/cash/${entry.id}/receive`, officer, {
      amount: '20',
      receivedOn: new Date().toISOString().slice(0, 10),
      receivedBy: 'Usher',
    });
    const took = performance.now() - started;
    expect(received.statusCode, received.body).toBe(200);
    // 45 s before (15 s a device, one after another); now nothing waits on push services.
    expect(took).toBeLessThan(PUSH_TIMEOUT_MS);
    const [job] = await t.db
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.kind, 'notifications.send'), like(scheduledJobs.key, '%:push')));
    expect(job, 'the push waits in the job queue').toBeDefined();

    // The job gives the three services 5 s together, not 15 s each.
    const jobStarted = performance.now();
    const { ran, failed } = await runJobsNow(t.app.ctx);
    const jobTook = performance.now() - jobStarted;
    expect(ran).toBeGreaterThanOrEqual(1);
    expect(failed).toBe(1);
    expect(jobTook).toBeGreaterThanOrEqual(PUSH_TIMEOUT_MS - 200);
    expect(jobTook).toBeLessThan(2 * PUSH_TIMEOUT_MS);
  }, 60_000);

  it('an instance with a job runner sends a push within moments, not at its next round', async () => {
    // A runner that looks only once an hour: the push still goes at once, woken by the notice.
    const woken = await createTestApp({
      env: { PUSH_TEST_ORIGIN: push.url, JOBS_INTERVAL_SECONDS: '3600' },
    });
    try {
      const cookie = await memberSession(woken, 'push.woken@example.com');
      const device = push.newDevice();
      await call(woken, 'POST', '/api/notifications/devices', cookie, device.subscription);
      const [member] = await woken.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'push.woken@example.com'));
      // Let the runner's first round (at ready) finish.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await notify(woken.app.ctx, {
        userId: member!.id,
        kind: 'message.new',
        key: 'woken',
        url: '/pastor/messages',
        texts: () => ({ title: 'A message', body: 'Service moved to 9am.' }),
      });
      await expect
        .poll(() => push.delivered.filter((p) => p.device === device.id).length, {
          timeout: 5_000,
        })
        .toBe(1);
    } finally {
      await woken.close();
    }
  });
});
