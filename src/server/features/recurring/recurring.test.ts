import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleView } from '../../../shared/schemas/recurring.ts';
import { buildApp } from '../../app.ts';
import {
  devMails,
  givingSchedules,
  scheduleOccurrences,
  scheduledJobs,
  transactions,
  users,
} from '../../db/schema.ts';
import { runJobsNow } from '../../jobs.ts';
import { memberSession, ORIGIN, provePhone, someClient } from '../../testing/accounts.ts';
import { startFakeProviders } from '../../testing/fake-providers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Recurring gifts against fake Paystack (plans, subscriptions, their events) and Moolre on
// 127.0.0.1; the server's clock is moved to due days. Issue 33.

const details = {
  type: 'tithe',
  firstName: 'Ama',
  lastName: 'Mensah',
  assembly: 'bethel',
};

describe('recurring gifts', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startFakeProviders>>;
  let clock = new Date('2026-11-26T09:00:00Z'); // a Thursday
  let ama: string;
  let kofi: string;

  beforeAll(async () => {
    providers = await startFakeProviders();
    t = await createTestApp({
      env: { ...providers.env, PROVIDER_TIMEOUT_MS: '1000', PUBLIC_URL: 'https://flock.example' },
      build: { now: () => clock },
    });
    ama = await memberSession(t, 'ama.recurring@example.com');
    kofi = await memberSession(t, 'kofi.recurring@example.com');
    // Prompts go only to the member's proved phone (issue 47).
    await provePhone(t, 'kofi.recurring@example.com', '+233241234567');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await providers.paystack.close();
    await providers.moolre.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      remoteAddress: someClient(),
    });
  const schedule = async (id: string) =>
    (await t.db.select().from(givingSchedules).where(eq(givingSchedules.id, id)))[0]!;
  const giftsOf = (id: string) =>
    t.db.select().from(transactions).where(eq(transactions.scheduleId, id));
  const webhook = (signed: { rawBody: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/paystack',
      payload: signed.rawBody,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signed.signature },
    });

  const momoWeekly = (onDue: 'prompt' | 'reminder', extra: object = {}) => ({
    ...details,
    type: 'offering',
    amount: '20',
    method: 'momo',
    phone: '0241234567',
    provider: 'MTN',
    frequency: 'weekly',
    day: 0, // Sundays
    startOn: '2026-11-26',
    onDue,
    ...extra,
  });

  /** A card tithe set up through checkout and its first charge: its schedule, subscribed. */
  async function cardTithe(cookie: string, amount = '100') {
    const res = await call('POST', '/api/giving/schedules', cookie, {
      ...details,
      amount,
      method: 'card',
      email: 'ama.recurring@example.com',
      frequency: 'monthly',
      day: 5,
      startOn: '2026-11-26',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { schedule: ScheduleView; authorizationUrl: string };
    expect(created.authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.test\//);
    expect(created.schedule.status).toBe('setting_up');
    const [first] = await giftsOf(created.schedule.id);
    providers.paystack.settle(first!.reference, 'success');
    expect((await webhook(providers.paystack.webhook(first!.reference))).statusCode).toBe(200);
    return schedule(created.schedule.id);
  }

  it('is for signed-in members only, and a member sees only their own', async () => {
    expect((await call('GET', '/api/giving/schedules')).statusCode).toBe(401);
    const res = await call('POST', '/api/giving/schedules', ama, momoWeekly('reminder'));
    expect(res.statusCode, res.body).toBe(201);
    const { schedule: created } = res.json() as { schedule: ScheduleView };
    expect(created).toMatchObject({ status: 'active', nextDueOn: '2026-11-29', method: 'momo' });
    const mine = (await call('GET', '/api/giving/schedules', ama)).json() as ScheduleView[];
    expect(mine.map((s) => s.id)).toContain(created.id);
    expect((await call('GET', '/api/giving/schedules', kofi)).json()).toEqual([]);
    for (const action of ['pause', 'stop', 'resume']) {
      const other = await call('POST', `/api/giving/schedules/${created.id}/${action}`, kofi);
      expect(other.statusCode).toBe(404);
    }
    expect((await call('GET', `/api/giving/schedules/${created.id}`, kofi)).statusCode).toBe(404);
    const amount = await call('POST', `/api/giving/schedules/${created.id}/amount`, kofi, {
      amount: '1',
    });
    expect(amount.statusCode).toBe(404);
    expect((await schedule(created.id)).amount).toBe(2000);
    await call('POST', `/api/giving/schedules/${created.id}/stop`, ama);
  });

  it('refuses what the form refuses: a past start, a day that is not one, an end before the start', async () => {
    const bad = [
      [momoWeekly('prompt', { startOn: '2026-11-01' }), 'startOn'],
      [momoWeekly('prompt', { day: 9 }), 'day'],
      [momoWeekly('prompt', { frequency: 'monthly', day: 30 }), 'day'],
      [momoWeekly('prompt', { endOn: '2026-11-20' }), 'endOn'],
      [momoWeekly('prompt', { amount: '0' }), 'amount'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await call('POST', '/api/giving/schedules', ama, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
  });

  it('card: a plan and checkout, then the first charge starts the subscription on that card', async () => {
    const row = await cardTithe(ama);
    expect(row.status).toBe('active');
    const plan = providers.paystack.plans.get(row.planCode!)!;
    expect(plan).toMatchObject({ interval: 'monthly', amount: 10000, currency: 'GHS' });
    const subscription = providers.paystack.subscriptions.get(row.subscriptionCode!)!;
    expect(subscription.plan).toBe(row.planCode);
    // From the next chosen day (the 5th), not today: today's gift was the checkout.
    expect(subscription.next_payment_date.slice(0, 10)).toBe('2026-12-05');
    expect(row.nextDueOn).toBe('2026-12-05');
    const gifts = await giftsOf(row.id);
    expect(gifts.map((g) => g.status)).toEqual(['success']);
    // The same charge again (Paystack retries): no second subscription.
    const [first] = gifts;
    await webhook(providers.paystack.webhook(first!.reference, { id: 2 }));
    const subscribed = providers.paystack.requests.filter(
      (r) => r.method === 'POST' && r.path === '/subscription',
    );
    expect(
      subscribed.filter((r) => (r.body as { plan: string }).plan === row.planCode),
    ).toHaveLength(1);
  });

  it('card renewal: one gift per charge, however often the event comes', async () => {
    const row = await cardTithe(ama);
    const renewal = providers.paystack.renew(row.subscriptionCode!);
    for (let i = 0; i < 3; i++) expect((await webhook(renewal.charge)).statusCode).toBe(200);
    const gifts = await giftsOf(row.id);
    expect(gifts).toHaveLength(2);
    const renewed = gifts.find((g) => g.reference === renewal.reference)!;
    expect(renewed).toMatchObject({ status: 'success', amount: 10000, userId: row.userId });
  });

  it('a failed renewal tells the member once and offers the card page', async () => {
    const row = await cardTithe(ama);
    const renewal = providers.paystack.renew(row.subscriptionCode!, 'failed');
    const before = await t.db
      .select()
      .from(devMails)
      .where(eq(devMails.to, 'ama.recurring@example.com'));
    await webhook(renewal.failed);
    await webhook(renewal.failed); // duplicated
    // The same failure told again by invoice.update: still one message.
    await webhook(
      providers.paystack.subscriptionEvent('invoice.update', row.subscriptionCode!, {
        status: 'failed',
        paid: false,
      }),
    );
    expect((await schedule(row.id)).cardFailedAt).not.toBeNull();
    const after = await t.db
      .select()
      .from(devMails)
      .where(eq(devMails.to, 'ama.recurring@example.com'));
    const told = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('https://flock.example/giving/recurring');
    const link = await call('POST', `/api/giving/schedules/${row.id}/card-link`, ama);
    expect(link.json().url).toMatch(/^https:\/\/paystack\.com\/manage\/subscriptions\//);
    expect((await call('POST', `/api/giving/schedules/${row.id}/card-link`, kofi)).statusCode).toBe(
      404,
    );
    // A later renewal succeeds: the warning goes.
    clock = new Date('2026-11-27T09:00:00Z');
    await webhook(providers.paystack.renew(row.subscriptionCode!).charge);
    expect((await schedule(row.id)).cardFailedAt).toBeNull();
    clock = new Date('2026-11-26T09:00:00Z');
  });

  it('a Twi member is told of a failed renewal in Twi (the SMS in GSM-7 letters)', async () => {
    const efua = await memberSession(t, 'efua.recurring@example.com');
    const chosen = await call('PUT', '/api/profile/language', efua, { locale: 'ak' });
    expect(chosen.statusCode).toBe(200);
    const row = await cardTithe(efua);
    await webhook(providers.paystack.renew(row.subscriptionCode!, 'failed').failed);
    const mails = await t.db
      .select()
      .from(devMails)
      .where(eq(devMails.to, 'efua.recurring@example.com'));
    const mail = mails.find((m) => m.subject === "Yɛantumi annye w'akyɛdeɛ no amfiri wo card so");
    expect(mail!.text).toMatch(
      /^Yɛantumi annye wo .+ GHS 100\.00 a ɛsan ba no amfiri wo card so\. Sesa wo card wɔ ha: https:\/\/flock\.example\/giving\/recurring$/,
    );
  });

  it('a subscription disabled at Paystack stops the schedule, whatever order the events come in', async () => {
    const row = await cardTithe(ama);
    const code = row.subscriptionCode!;
    const created = providers.paystack.subscriptionEvent('subscription.create', code);
    providers.paystack.subscriptions.get(code)!.status = 'cancelled';
    await webhook(providers.paystack.subscriptionEvent('subscription.disable', code));
    expect((await schedule(row.id)).status).toBe('stopped');
    // The create event, late: the schedule stays stopped.
    await webhook(created);
    expect((await schedule(row.id)).status).toBe('stopped');
    expect((await schedule(row.id)).nextDueOn).toBeNull();

    const other = await cardTithe(ama);
    providers.paystack.subscriptions.get(other.subscriptionCode!)!.status = 'non-renewing';
    await webhook(
      providers.paystack.subscriptionEvent('subscription.not_renew', other.subscriptionCode!),
    );
    expect((await schedule(other.id)).status).toBe('stopped');
  });

  it('card: pause, resume, change the amount and stop reach Paystack', async () => {
    const row = await cardTithe(ama);
    const code = row.subscriptionCode!;
    const paused = await call('POST', `/api/giving/schedules/${row.id}/pause`, ama);
    expect(paused.json().status).toBe('paused');
    expect(providers.paystack.subscriptions.get(code)!.status).toBe('cancelled');
    // The disable's own event, arriving after: still paused (the member's word).
    await webhook(providers.paystack.subscriptionEvent('subscription.disable', code));
    expect((await schedule(row.id)).status).toBe('paused');
    const resumed = await call('POST', `/api/giving/schedules/${row.id}/resume`, ama);
    expect(resumed.json()).toMatchObject({ status: 'active', nextDueOn: '2026-12-05' });
    expect(providers.paystack.subscriptions.get(code)!.status).toBe('active');
    const changed = await call('POST', `/api/giving/schedules/${row.id}/amount`, ama, {
      amount: '150',
    });
    expect(changed.json().amount).toBe(15000);
    expect(providers.paystack.plans.get(row.planCode!)!.amount).toBe(15000);
    const stopped = await call('POST', `/api/giving/schedules/${row.id}/stop`, ama);
    expect(stopped.json()).toMatchObject({ status: 'stopped', nextDueOn: null });
    expect(providers.paystack.subscriptions.get(code)!.status).toBe('cancelled');
    expect((await call('POST', `/api/giving/schedules/${row.id}/resume`, ama)).statusCode).toBe(
      409,
    );
  });

  it('Paystack down: the schedule is not half made', async () => {
    providers.paystack.setMode('error');
    try {
      const res = await call('POST', '/api/giving/schedules', ama, {
        ...details,
        amount: '10',
        method: 'card',
        email: 'ama.recurring@example.com',
        frequency: 'weekly',
        day: 0,
        startOn: '2026-11-26',
      });
      expect(res.statusCode).toBe(502);
    } finally {
      providers.paystack.setMode('ok');
    }
    const rows = await t.db
      .select()
      .from(givingSchedules)
      .where(eq(givingSchedules.status, 'setting_up'));
    expect(rows.filter((r) => r.amount === 1000)).toEqual([]);
  });

  it('mobile money, prompt: on the due day one prompt and one pending gift, never a second', async () => {
    const res = await call('POST', '/api/giving/schedules', kofi, momoWeekly('prompt'));
    const { schedule: created } = res.json() as { schedule: ScheduleView };
    await runJobsNow(t.app.ctx); // not due yet (Sunday)
    expect(await giftsOf(created.id)).toEqual([]);
    clock = new Date('2026-11-29T08:00:00Z');
    try {
      await runJobsNow(t.app.ctx); // the due day: the period's row and its prompt job
      await runJobsNow(t.app.ctx); // the prompt
      await runJobsNow(t.app.ctx);
      const gifts = await giftsOf(created.id);
      expect(gifts).toHaveLength(1);
      expect(gifts[0]).toMatchObject({
        method: 'momo',
        status: 'pending',
        amount: 2000,
        phone: '+233241234567',
      });
      const prompts = providers.moolre.requests.filter(
        (r) =>
          r.path === '/open/transact/payment' &&
          (r.body as { externalref: string }).externalref === gifts[0]!.reference,
      );
      expect(prompts).toHaveLength(1);
      expect((await schedule(created.id)).nextDueOn).toBe('2026-12-06');
    } finally {
      clock = new Date('2026-11-26T09:00:00Z');
    }
  });

  it('mobile money, reminder: sent once by the member’s channel with a one-tap link, even when two instances race', async () => {
    const res = await call(
      'POST',
      '/api/giving/schedules',
      kofi,
      momoWeekly('reminder', { type: 'missions' }),
    );
    const { schedule: created } = res.json() as { schedule: ScheduleView };
    const [kofiRow] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'kofi.recurring@example.com'));
    await t.db.update(users).set({ receiptChannel: 'both' }).where(eq(users.id, kofiRow!.id));
    clock = new Date('2026-11-29T08:00:00Z');
    const second = await buildApp(t.config, {
      webDir: null,
      database: t.database,
      now: () => clock,
    });
    try {
      for (let round = 0; round < 3; round++) {
        await Promise.all([runJobsNow(t.app.ctx), runJobsNow(second.ctx)]);
      }
      const occurrences = await t.db
        .select()
        .from(scheduleOccurrences)
        .where(eq(scheduleOccurrences.scheduleId, created.id));
      expect(occurrences.map((o) => [o.dueOn, o.outcome])).toEqual([['2026-11-29', 'reminded']]);
      const mails = (
        await t.db.select().from(devMails).where(eq(devMails.to, 'kofi.recurring@example.com'))
      ).filter((m) => m.text.includes(`/offerings?schedule=${created.id}`));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('missions of GHS 20.00');
      const sms = await t.app.ctx.db.execute(
        `select text from dev_sms where text like '%schedule=${created.id}%'` as never,
      );
      expect((sms as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      expect(await giftsOf(created.id)).toEqual([]); // a reminder never takes money
    } finally {
      await second.close();
      clock = new Date('2026-11-26T09:00:00Z');
    }
  });

  it('days that fell due while the app was stopped: made once after the restart, the latest only', async () => {
    const res = await call(
      'POST',
      '/api/giving/schedules',
      kofi,
      momoWeekly('prompt', { type: 'seed' }),
    );
    const { schedule: created } = res.json() as { schedule: ScheduleView };
    // "Stopped" for three weeks: another instance starts on the same database afterwards.
    clock = new Date('2026-12-16T10:00:00Z');
    const restarted = await buildApp(t.config, {
      webDir: null,
      database: t.database,
      now: () => clock,
    });
    try {
      for (let round = 0; round < 3; round++) await runJobsNow(restarted.ctx);
      const occurrences = await t.db
        .select()
        .from(scheduleOccurrences)
        .where(eq(scheduleOccurrences.scheduleId, created.id));
      expect(occurrences.map((o) => [o.dueOn, o.outcome]).sort()).toEqual([
        ['2026-11-29', 'missed'],
        ['2026-12-06', 'missed'],
        ['2026-12-13', 'prompted'],
      ]);
      expect(await giftsOf(created.id)).toHaveLength(1);
      expect((await schedule(created.id)).nextDueOn).toBe('2026-12-20');
      const jobs = await t.db
        .select()
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.key, `recurring:${created.id}:2026-12-20`)));
      expect(jobs).toHaveLength(1);
    } finally {
      await restarted.close();
      clock = new Date('2026-11-26T09:00:00Z');
    }
  });

  it('paused mobile money asks for nothing; resumed, it waits for the next day; the end date ends it', async () => {
    const res = await call(
      'POST',
      '/api/giving/schedules',
      kofi,
      momoWeekly('prompt', { type: 'welfare', endOn: '2026-12-07' }),
    );
    const { schedule: created } = res.json() as { schedule: ScheduleView };
    await call('POST', `/api/giving/schedules/${created.id}/pause`, kofi);
    clock = new Date('2026-11-29T08:00:00Z');
    try {
      await runJobsNow(t.app.ctx);
      expect(await giftsOf(created.id)).toEqual([]);
      clock = new Date('2026-11-30T08:00:00Z');
      const resumed = await call('POST', `/api/giving/schedules/${created.id}/resume`, kofi);
      expect(resumed.json()).toMatchObject({ status: 'active', nextDueOn: '2026-12-06' });
      clock = new Date('2026-12-06T08:00:00Z');
      await runJobsNow(t.app.ctx);
      await runJobsNow(t.app.ctx);
      expect(await giftsOf(created.id)).toHaveLength(1);
      // 2026-12-13 is after the end date: nothing more is due.
      expect(await schedule(created.id)).toMatchObject({ status: 'ended', nextDueOn: null });
    } finally {
      clock = new Date('2026-11-26T09:00:00Z');
    }
  });
});
