import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterQuietHours,
  checkQuietHours,
  quietHoursSchema,
  type NotificationSettings,
} from '../../../shared/schemas/notifications.ts';
import { buildApp } from '../../app.ts';
import type { AppContext } from '../../context.ts';
import {
  devMails,
  devSms,
  notifications,
  pushSubscriptions,
  scheduledJobs,
  users,
} from '../../db/schema.ts';
import { runJobsNow } from '../../jobs.ts';
import { createSmtpMailer, type Mailer } from '../../platform/mail/mailer.ts';
import { pushEndpointAllowed } from '../../platform/push.ts';
import { memberSession, provePhone } from '../../testing/accounts.ts';
import { startFakePushService, type FakePushService } from '../../testing/fake-push.ts';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp.ts';
import { call } from '../../testing/finance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { approvedPastor, decide, pendingApplicant } from '../../testing/workers.ts';
import { m } from '../../../paraglide/messages.js';
import { inLocale } from '../../platform/locale.ts';
import {
  deliver,
  notify,
  NOTIFICATION_CLAIM_MS,
  type Notice,
  type NoticeTexts,
} from '../../core/notify.ts';

// One notification service (issue 35, decision 041): the member's settings over HTTP, each
// channel as chosen, quiet hours, once per event across instances and restarts, and web push
// checked by a push service that verifies the VAPID signature and decrypts the payload.

let t: TestApp;
let push: FakePushService;
let admin: string;
const ADMIN = 'admin@example.com';

beforeAll(async () => {
  push = await startFakePushService();
  // The one push service on this machine the app may call (tests only; decision 052).
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, PUSH_TEST_ORIGIN: push.url } });
  admin = await memberSession(t, ADMIN);
});
afterAll(async () => {
  await push?.close();
  await t?.close();
});

const settingsOf = async (cookie: string) =>
  (await call(t, 'GET', '/api/notifications/settings', cookie)).json<NotificationSettings>();
const userIdOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
// The notices only (sign-up's own mail and codes aside).
const mailsTo = async (to: string) =>
  (await t.db.select().from(devMails).where(eq(devMails.to, to))).filter(
    (m) => m.subject === 'A prayer was answered',
  );
const textsTo = async (to: string) =>
  (await t.db.select().from(devSms).where(eq(devSms.to, to))).filter((m) =>
    m.text.includes('a prayer you prayed for'),
  );
const pushesTo = (deviceId: string) => push.delivered.filter((p) => p.device === deviceId);

/** A member with push turned on for one fake device. */
async function memberWithDevice(email: string, overrides: Record<string, unknown> = {}) {
  const cookie = await memberSession(t, email, 'correct horse 1', overrides);
  // SMS goes only to a proved phone (issue 47): a member given one has proved it.
  if (typeof overrides.phone === 'string') await provePhone(t, email, overrides.phone);
  const device = push.newDevice();
  const res = await call(t, 'POST', '/api/notifications/devices', cookie, device.subscription);
  expect(res.statusCode, res.body).toBe(200);
  return { cookie, device, userId: await userIdOf(email) };
}

const notice = (
  userId: string,
  {
    kind = 'prayer.answered',
    key = crypto.randomUUID(),
    url = '/prayer',
    ...texts
  }: Partial<Omit<Notice, 'texts'> & NoticeTexts> = {},
): Notice => ({
  userId,
  kind,
  key,
  url,
  texts: () => ({
    title: 'A prayer you prayed for was answered',
    body: 'Answered: the job came.',
    email: { subject: 'A prayer was answered', text: 'The job came.' },
    sms: 'Flock: a prayer you prayed for was answered.',
    ...texts,
  }),
});

const at = (iso: string) => ({ ...t.app.ctx, now: () => new Date(iso) }) as AppContext;

describe('settings over HTTP', () => {
  it('are each signed-in member’s own', async () => {
    expect((await call(t, 'GET', '/api/notifications/settings')).statusCode).toBe(401);
    expect(
      (
        await call(t, 'PUT', '/api/notifications/quiet-hours', undefined, {
          from: null,
          until: null,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call(
          t,
          'POST',
          '/api/notifications/devices',
          undefined,
          push.newDevice().subscription,
        )
      ).statusCode,
    ).toBe(401);
    const cookie = await memberSession(t, 'settings@example.com');
    const settings = await settingsOf(cookie);
    expect(settings).toEqual({
      quietFrom: null,
      quietUntil: null,
      publicKey: t.app.ctx.secrets.vapid.publicKey,
      devices: 0,
    });
    expect(settings.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('keep quiet hours, and refuse times that are not a span', async () => {
    const cookie = await memberSession(t, 'quiet@example.com');
    const put = (body: unknown) => call(t, 'PUT', '/api/notifications/quiet-hours', cookie, body);
    const saved = await put({ from: '21:30', until: '06:00' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Saved. SMS and push notices wait between 21:30 and 06:00.');
    expect((await settingsOf(cookie)).quietFrom).toBe('21:30');
    for (const [body, field] of [
      [{ from: '25:00', until: '06:00' }, 'Enter a time like 21:30.'],
      [{ from: '21:00', until: null }, 'Enter both times, or leave both empty.'],
      [{ from: '07:00', until: '07:00' }, 'Choose two different times.'],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().error.fields ?? {})).toContain(field);
    }
    expect((await put({ from: '21:30', until: '06:00', extra: 1 })).statusCode).toBe(400);
    const cleared = await put({ from: null, until: null });
    expect(cleared.json().message).toBe('Saved. Notices come at any hour.');
    expect((await settingsOf(cookie)).quietUntil).toBeNull();
  });

  it('answers in the language of the browser', async () => {
    const cookie = `${await memberSession(t, 'quiet.twi@example.com')}; PARAGLIDE_LOCALE=ak`;
    const saved = await call(t, 'PUT', '/api/notifications/quiet-hours', cookie, {
      from: '21:30',
      until: '06:00',
    });
    expect(saved.json().message).toBe(
      m.notifications_quiet_saved({ from: '21:30', until: '06:00' }, { locale: 'ak' }),
    );
    const device = push.newDevice();
    const on = await call(t, 'POST', '/api/notifications/devices', cookie, device.subscription);
    expect(on.json().message).toBe(m.notifications_push_on({}, { locale: 'ak' }));
    expect(on.json().message).not.toBe('Notifications are on for this device.');
  });

  it('the form’s check and the server’s agree', () => {
    for (const [from, until] of [
      ['21:00', '06:00'],
      ['', ''],
      ['21:00', ''],
      ['24:00', '06:00'],
      ['9:00', '06:00'],
      ['06:00', '06:00'],
    ]) {
      const server = quietHoursSchema.safeParse({ from: from || null, until: until || null });
      expect(checkQuietHours(from!, until!) === null, `${from}–${until}`).toBe(server.success);
    }
  });

  it('turn push on and off per device, only ever the member’s own', async () => {
    const ama = await memberWithDevice('devices.ama@example.com');
    const kofi = await memberSession(t, 'devices.kofi@example.com');
    expect((await settingsOf(ama.cookie)).devices).toBe(1);
    // Kofi cannot remove Ama's device by its address.
    const endpoint = ama.device.subscription.endpoint;
    expect(
      (await call(t, 'DELETE', '/api/notifications/devices', kofi, { endpoint })).json(),
    ).toMatchObject({ settings: { devices: 0 } });
    expect((await settingsOf(ama.cookie)).devices).toBe(1);
    // The same device signed in as Kofi is Kofi's now (one device, one member).
    const again = await call(
      t,
      'POST',
      '/api/notifications/devices',
      kofi,
      ama.device.subscription,
    );
    expect(again.json()).toMatchObject({
      message: 'Notifications are on for this device.',
      settings: { devices: 1 },
    });
    expect((await settingsOf(ama.cookie)).devices).toBe(0);
    const off = await call(t, 'DELETE', '/api/notifications/devices', kofi, { endpoint });
    expect(off.json()).toMatchObject({
      message: 'Notifications are off for this device.',
      settings: { devices: 0 },
    });
  });

  it('refuse an address no browser’s push service has', async () => {
    const cookie = await memberSession(t, 'devices.bad@example.com');
    const keys = push.newDevice().subscription.keys;
    for (const endpoint of [
      'http://10.0.0.1/push/x',
      'http://localhost:5432/',
      'ftp://127.0.0.1/x',
      'https://user:pw@push.example.com/x',
      'not a url',
    ]) {
      const res = await call(t, 'POST', '/api/notifications/devices', cookie, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      const { message, fields } = res.json().error;
      expect([message, ...Object.values(fields ?? {})]).toContain(
        'This browser sent an address we cannot use for notifications.',
      );
    }
    const badKeys = await call(t, 'POST', '/api/notifications/devices', cookie, {
      endpoint: push.newDevice().subscription.endpoint,
      keys: { p256dh: '<script>', auth: 'x' },
    });
    expect(badKeys.statusCode).toBe(400);
    expect((await settingsOf(cookie)).devices).toBe(0);
    // Without the tests' own service, only the browsers' push services (push-endpoints.test.ts).
    expect(pushEndpointAllowed('http://127.0.0.1:9/push/x')).toBe(false);
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
  });
});

describe('notify', () => {
  it('writes a notice in its member’s language, whoever’s request caused it', async () => {
    const yaw = await memberWithDevice('push.yaw@example.com');
    await call(t, 'PUT', '/api/profile/language', yaw.cookie, { locale: 'ak' });
    // As from an English-speaking member's request.
    await inLocale('en', () =>
      notify(t.app.ctx, {
        ...notice(yaw.userId, { key: 'twi' }),
        texts: () => ({ title: m.language_label(), body: m.notifications_title() }),
      }),
    );
    // Pushes go from their job, never inside the request that caused them.
    expect(pushesTo(yaw.device.id)).toEqual([]);
    await runJobsNow(t.app.ctx);
    const [got] = pushesTo(yaw.device.id);
    expect(got!.payload).toMatchObject({ title: 'Kasa', body: 'Amanneɛbɔ' });
  });

  it('pushes a signed, encrypted notice to each device, and forgets a device that is gone', async () => {
    const ama = await memberWithDevice('push.ama@example.com');
    const second = push.newDevice();
    await call(t, 'POST', '/api/notifications/devices', ama.cookie, second.subscription);
    push.gone(second.id);
    await notify(t.app.ctx, notice(ama.userId, { key: 'first' }));
    await runJobsNow(t.app.ctx);
    const [got] = pushesTo(ama.device.id);
    expect(got!.payload).toEqual({
      title: 'A prayer you prayed for was answered',
      body: 'Answered: the job came.',
      url: '/prayer',
      tag: `prayer.answered:first:${ama.userId}`,
    });
    expect(got!.claims.aud).toBe(push.url);
    expect(got!.claims.sub).toBe('mailto:no-reply@localhost');
    expect(got!.publicKey).toBe(t.app.ctx.secrets.vapid.publicKey);
    expect(got!.ttl).toBe(86400);
    expect(push.refused).toEqual([]);
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ama.userId));
    expect(left.map((d) => d.endpoint)).toEqual([ama.device.subscription.endpoint]);
    // And by email (the member's channel), not SMS (not chosen).
    expect(await mailsTo('push.ama@example.com')).toHaveLength(1);
  });

  it('sends one event once, however often and from however many instances it is told', async () => {
    const yaa = await memberWithDevice('once.yaa@example.com', { phone: '+233241110001' });
    await call(t, 'PUT', '/api/profile/receipt-channel', yaa.cookie, { channel: 'both' });
    const same = notice(yaa.userId, { key: 'twice' });
    const other = await buildApp(t.config, { database: t.database, webDir: null });
    try {
      await Promise.all([
        notify(t.app.ctx, same),
        notify(other.ctx, same),
        notify(t.app.ctx, same),
      ]);
      await Promise.all([runJobsNow(t.app.ctx), runJobsNow(other.ctx)]);
    } finally {
      await other.close();
    }
    expect(pushesTo(yaa.device.id)).toHaveLength(1);
    expect(await mailsTo('once.yaa@example.com')).toHaveLength(1);
    expect(await textsTo('+233241110001')).toHaveLength(1);
  });

  it('a failed push is sent by its job, after a restart too, and only once', async () => {
    const kwame = await memberWithDevice('retry.kwame@example.com');
    push.fail(true);
    await notify(t.app.ctx, notice(kwame.userId, { key: 'retry', email: undefined }));
    await runJobsNow(t.app.ctx);
    expect(pushesTo(kwame.device.id)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.key, `prayer.answered:retry:${kwame.userId}`));
    expect(row!.pushAt).toBeNull();
    push.fail(false);
    // A new instance on the same database: everything it needs is in the database.
    const restarted = await buildApp(t.config, { database: t.database, webDir: null });
    // The failed job is due again a minute later.
    const later = new Date(Date.now() + 2 * 60_000);
    try {
      await runJobsNow(restarted.ctx, later);
      await runJobsNow(restarted.ctx, later);
    } finally {
      await restarted.close();
    }
    await runJobsNow(t.app.ctx, later);
    expect(pushesTo(kwame.device.id)).toHaveLength(1);
  });

  it('holds SMS and push in quiet hours and sends them when they end; mail goes at once', async () => {
    const esi = await memberWithDevice('quiet.esi@example.com', { phone: '+233241110002' });
    await call(t, 'PUT', '/api/profile/receipt-channel', esi.cookie, { channel: 'both' });
    await call(t, 'PUT', '/api/notifications/quiet-hours', esi.cookie, {
      from: '21:00',
      until: '06:00',
    });
    await notify(at('2026-12-01T22:15:00Z'), notice(esi.userId, { key: 'night' }));
    expect(await mailsTo('quiet.esi@example.com')).toHaveLength(1);
    await runJobsNow(at('2026-12-02T05:59:00Z'));
    expect(await textsTo('+233241110002')).toHaveLength(0);
    expect(pushesTo(esi.device.id)).toHaveLength(0);
    await runJobsNow(at('2026-12-02T06:00:30Z'));
    expect(await textsTo('+233241110002')).toHaveLength(1);
    expect(pushesTo(esi.device.id)).toHaveLength(1);
    await runJobsNow(at('2026-12-02T07:00:00Z'));
    expect(await textsTo('+233241110002')).toHaveLength(1);
    expect(pushesTo(esi.device.id)).toHaveLength(1);
  });

  it('quiet hours set after the notice still hold it', async () => {
    const kojo = await memberWithDevice('quiet.kojo@example.com');
    push.fail(true);
    await notify(
      at('2026-12-03T20:00:00Z'),
      notice(kojo.userId, { key: 'late', email: undefined }),
    );
    push.fail(false);
    await call(t, 'PUT', '/api/notifications/quiet-hours', kojo.cookie, {
      from: '22:00',
      until: '05:30',
    });
    await runJobsNow(at('2026-12-03T23:00:00Z'));
    expect(pushesTo(kojo.device.id)).toHaveLength(0);
    await runJobsNow(at('2026-12-04T05:31:00Z'));
    expect(pushesTo(kojo.device.id)).toHaveLength(1);
  });

  it('uses only the channels an event may: a message is pushed, never mailed or texted', async () => {
    const adwoa = await memberWithDevice('kinds.adwoa@example.com', { phone: '+233241110003' });
    await call(t, 'PUT', '/api/profile/receipt-channel', adwoa.cookie, { channel: 'both' });
    await notify(t.app.ctx, notice(adwoa.userId, { kind: 'message.new', key: 'chat' }));
    await runJobsNow(t.app.ctx);
    expect(pushesTo(adwoa.device.id)).toHaveLength(1);
    expect(await mailsTo('kinds.adwoa@example.com')).toHaveLength(0);
    expect(await textsTo('+233241110003')).toHaveLength(0);
    // SMS alone: no mail.
    await call(t, 'PUT', '/api/profile/receipt-channel', adwoa.cookie, { channel: 'sms' });
    await notify(t.app.ctx, notice(adwoa.userId, { key: 'sms-only' }));
    expect(await mailsTo('kinds.adwoa@example.com')).toHaveLength(0);
    expect(await textsTo('+233241110003')).toHaveLength(1);
  });

  it('knows when quiet hours end, across midnight or not', () => {
    const end = (now: string, from: string, until: string) =>
      afterQuietHours(new Date(now), from, until).toISOString();
    expect(end('2026-12-01T22:00:00Z', '21:00', '06:00')).toBe('2026-12-02T06:00:00.000Z');
    expect(end('2026-12-02T03:00:00Z', '21:00', '06:00')).toBe('2026-12-02T06:00:00.000Z');
    expect(end('2026-12-02T06:00:00Z', '21:00', '06:00')).toBe('2026-12-02T06:00:00.000Z');
    expect(end('2026-12-02T13:30:00Z', '13:00', '14:00')).toBe('2026-12-02T14:00:00.000Z');
    expect(end('2026-12-02T12:59:00Z', '13:00', '14:00')).toBe('2026-12-02T12:59:00.000Z');
  });
});

describe('the events that notify', () => {
  it('an admin’s decision on an application', async () => {
    const applicant = await pendingApplicant(t, 'notice.applicant@example.com', 'elder');
    const device = push.newDevice();
    await call(t, 'POST', '/api/notifications/devices', applicant.cookie, device.subscription);
    expect((await decide(t, admin, applicant.applicationId, 'approved')).statusCode).toBe(200);
    await runJobsNow(t.app.ctx);
    expect(pushesTo(device.id).map((p) => p.payload)).toEqual([
      expect.objectContaining({ title: 'Your elder application was approved', url: '/workers' }),
    ]);
    const mails = await t.db
      .select()
      .from(devMails)
      .where(eq(devMails.to, 'notice.applicant@example.com'));
    expect(mails.map((m) => m.subject)).toContain('Your elder application was approved');
  });

  it('a pastor’s message, to the other pastor’s devices only', async () => {
    const kofi = await approvedPastor(t, 'notice.kofi@example.com', admin);
    const abena = await approvedPastor(t, 'notice.abena@example.com', admin);
    const kofiDevice = push.newDevice();
    const abenaDevice = push.newDevice();
    await call(t, 'POST', '/api/notifications/devices', kofi.cookie, kofiDevice.subscription);
    await call(t, 'POST', '/api/notifications/devices', abena.cookie, abenaDevice.subscription);
    const kofiId = await userIdOf('notice.kofi@example.com');
    const abenaId = await userIdOf('notice.abena@example.com');
    const sent = await call(
      t,
      'POST',
      `/api/pastor/conversations/${abenaId}/messages`,
      kofi.cookie,
      { text: 'Service moved to 9am.' },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    await runJobsNow(t.app.ctx);
    expect(pushesTo(abenaDevice.id).map((p) => p.payload)).toEqual([
      expect.objectContaining({
        body: 'Service moved to 9am.',
        url: `/pastor/messages?with=${kofiId}`,
      }),
    ]);
    expect(pushesTo(kofiDevice.id)).toEqual([]);
  });

  it('a prayer answered, to each member who prayed but its author', async () => {
    const author = await memberSession(t, 'prayer.author@example.com', 'correct horse 1', {
      assembly: 'bethel',
    });
    const friend = await memberWithDevice('prayer.friend@example.com', { assembly: 'bethel' });
    const posted = await call(t, 'POST', '/api/prayer', author, {
      text: 'For a job',
      visibility: 'church',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().id as string;
    await call(t, 'POST', `/api/prayer/${id}/decision`, admin, { status: 'approved' });
    expect((await call(t, 'POST', `/api/prayer/${id}/prayed`, friend.cookie)).statusCode).toBe(200);
    await call(t, 'POST', `/api/prayer/${id}/prayed`, author);
    const answered = await call(t, 'POST', `/api/prayer/${id}/answer`, author, { note: 'Hired!' });
    expect(answered.statusCode, answered.body).toBe(200);
    await runJobsNow(t.app.ctx);
    expect(pushesTo(friend.device.id).map((p) => p.payload)).toEqual([
      expect.objectContaining({ body: 'Answered: Hired!', url: '/prayer' }),
    ]);
    const toAuthor = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'prayer.answered'),
          eq(notifications.userId, await userIdOf('prayer.author@example.com')),
        ),
      );
    expect(toAuthor).toEqual([]);
  });
});

describe('a notice, whatever point a crash comes at', () => {
  // Mail goes to a real SMTP server here: what it received is what was sent.
  let smtp: FakeSmtp;
  let mailer: Mailer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    mailer = await createSmtpMailer(smtp.url, 'Flock <no-reply@flock.test>');
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
  });

  /** An instance's context mailing by SMTP, its clock `ahead` ms on. */
  const smtpCtx = (ahead = 0, base: AppContext = t.app.ctx) =>
    ({ ...base, mailer, now: () => new Date(Date.now() + ahead) }) as AppContext;
  const received = (to: string) => smtp.mails.filter((mail) => mail.to.includes(to));
  const noticeOf = async (key: string, userId: string) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.key, `prayer.answered:${key}:${userId}`))
    )[0]!;
  const jobsOf = (id: string) =>
    t.db
      .select()
      .from(scheduledJobs)
      .where(like(scheduledJobs.key, `notification:${id}:%`));
  /** A member who gets notices by mail only (no number, no device). */
  const mailMember = async (email: string) => {
    await memberSession(t, email);
    return userIdOf(email);
  };

  it('is not sent while a dead instance’s claim is fresh, and is sent once when it is over', async () => {
    const to = 'crash.claim@example.com';
    const userId = await mailMember(to);
    await notify(smtpCtx(), notice(userId, { key: 'claimed' }), { sendNow: false });
    const { id } = await noticeOf('claimed', userId);
    // An instance claimed the mail and was killed before the SMTP server had it.
    await t.db.execute(sql`update notifications set email_claimed_at = now() where id = ${id}`);

    await runJobsNow(smtpCtx());
    expect(received(to)).toHaveLength(0);
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ doneAt: null, lockedUntil: null });
    expect(job!.lastError).toMatch(/being sent/);
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    // Its retry, a minute or two on: the claim is still too fresh to be a dead instance's.
    await runJobsNow(smtpCtx(2 * 60_000));
    expect(received(to)).toHaveLength(0);

    // Later than NOTIFICATION_CLAIM_MS after the claim: its instance is gone.
    await t.db.execute(sql`
      update notifications
      set email_claimed_at = email_claimed_at - make_interval(secs => ${NOTIFICATION_CLAIM_MS / 1000})
      where id = ${id}`);
    await runJobsNow(smtpCtx(10 * 60_000));
    expect(received(to)).toHaveLength(1);
    const sent = await noticeOf('claimed', userId);
    expect(sent.emailAt).not.toBeNull();
    expect(sent.emailClaimedAt).toBeNull();
    expect((await jobsOf(id))[0]!.doneAt).not.toBeNull();
    await runJobsNow(smtpCtx(60 * 60_000));
    expect(received(to)).toHaveLength(1);
  });

  it('told again after a crash left it written but not scheduled, is scheduled and sent once', async () => {
    const to = 'crash.unscheduled@example.com';
    const userId = await mailMember(to);
    const same = notice(userId, { key: 'unscheduled' });
    await notify(smtpCtx(), same, { sendNow: false });
    const { id } = await noticeOf('unscheduled', userId);
    // Killed after the row was written, before its jobs were: none is left, nothing sent.
    await t.db.delete(scheduledJobs).where(like(scheduledJobs.key, `notification:${id}:%`));
    await t.db
      .update(notifications)
      .set({ emailAt: null, emailClaimedAt: null })
      .where(eq(notifications.id, id));

    // The feature's own job runs again and tells it again.
    await notify(smtpCtx(), same);
    expect(received(to)).toHaveLength(1);
    expect((await jobsOf(id)).map((job) => job.key)).toEqual([`notification:${id}:email`]);
    await notify(smtpCtx(), same);
    await runJobsNow(smtpCtx(60_000));
    expect(received(to)).toHaveLength(1);
  });

  it('delivered by two instances at once, goes once', async () => {
    const to = 'crash.race@example.com';
    const userId = await mailMember(to);
    await notify(smtpCtx(), notice(userId, { key: 'race' }), { sendNow: false });
    const { id } = await noticeOf('race', userId);
    const other = await buildApp(t.config, { database: t.database, webDir: null });
    try {
      const results = await Promise.all([
        deliver(smtpCtx(), id, 'email'),
        deliver(smtpCtx(0, other.ctx), id, 'email'),
        deliver(smtpCtx(), id, 'email'),
      ]);
      expect(results.filter((result) => result === 'sent')).toHaveLength(1);
      expect(results.filter((result) => result !== 'sent')).toEqual([
        expect.stringMatching(/^(busy|skipped)$/),
        expect.stringMatching(/^(busy|skipped)$/),
      ]);
    } finally {
      await other.close();
    }
    expect(received(to)).toHaveLength(1);
    expect(await deliver(smtpCtx(), id, 'email')).toBe('skipped');
    expect(received(to)).toHaveLength(1);
  });

  it('mails with the notice’s own Message-ID, the same when it goes again', async () => {
    const to = 'crash.message-id@example.com';
    const userId = await mailMember(to);
    await notify(smtpCtx(), notice(userId, { key: 'message-id' }));
    const { id } = await noticeOf('message-id', userId);
    const messageId = `<notification.${id}.email@${new URL(t.config.publicUrl).hostname}>`;
    // A long header is folded (RFC 5322): read it unfolded.
    const header = (raw: string) =>
      /^Message-ID:\s*(.*)$/im.exec(raw.replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim();
    expect(received(to).map((mail) => header(mail.raw))).toEqual([messageId]);
    // Killed after the SMTP server took it, before email_at was written: it goes again, as
    // the same message.
    await t.db
      .update(notifications)
      .set({ emailAt: null, emailClaimedAt: null })
      .where(eq(notifications.id, id));
    expect(await deliver(smtpCtx(), id, 'email')).toBe('sent');
    expect(received(to).map((mail) => header(mail.raw))).toEqual([messageId, messageId]);
  });
});
