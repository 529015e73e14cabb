import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs, users } from './db/schema.ts';
import { EVENT_REMINDER } from './features/events/events.service.ts';
import { scheduleJob } from './platform/jobs.ts';
import { memberSession, provePhone } from './testing/accounts.ts';
import { FAKE_SMS, startFakeSmsGateways } from './testing/fake-sms.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

// The job runner when its instance drains (decision 046): it claims nothing more from the
// first signal on, and its drain step ends once what it runs is done.

describe('job runner: draining for a rolling deploy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_INTERVAL_SECONDS: '1' } });
  });
  afterAll(async () => t.close());

  const attemptsOf = async (key: string) =>
    (await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key)))[0]!.attempts;
  const due = (key: string) =>
    scheduleJob(t.db, { kind: 'drain.test', key, runAt: new Date(Date.now() - 60_000) });

  it('claims no new job once draining', async () => {
    // Running: a due job is claimed within an interval (no handler: it fails, and counts).
    await due('drain:before');
    const deadline = Date.now() + 5_000;
    while ((await attemptsOf('drain:before')) === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await attemptsOf('drain:before')).toBe(1);

    t.app.drain.begin();
    await due('drain:after');
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await attemptsOf('drain:after')).toBe(0);
    await t.app.drain.finish(t.app.log);
  });
});

describe('job runner: a drain waits for the job it is running', () => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startFakeSmsGateways>>;
  beforeAll(async () => {
    gateway = await startFakeSmsGateways();
    t = await createTestApp({
      env: {
        JOBS_INTERVAL_SECONDS: '1',
        SMS_PROVIDER: 'arkesel',
        SMS_API_KEY: FAKE_SMS.apiKey,
        SMS_BASE_URL: gateway.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  it('finishes only once the job it is running is done', async () => {
    // A member who proved her phone and takes receipts by SMS replied to an event in two
    // hours: its reminder is an SMS, due now, and the gateway takes 1.5 s to answer, so the
    // job is still running when the drain begins. (A guest's typed number gets no SMS.)
    await memberSession(t, 'ama@example.com');
    await provePhone(t, 'ama@example.com', '+233241234567');
    await t.db
      .update(users)
      .set({ receiptChannel: 'sms' })
      .where(eq(users.email, 'ama@example.com'));
    const rows = await t.db.execute(sql`
      with e as (
        insert into events (title, starts_at, ends_at, place)
        values ('Vigil', now() + interval '2 hours', now() + interval '3 hours', 'Grace')
        returning id)
      insert into event_rsvps (event_id, user_id, going)
      select e.id, u.id, true from e, users u where u.email = 'ama@example.com' returning id`);
    const rsvpId = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
    gateway.setDelay(1_500);
    const key = `drain:reminder:${rsvpId}`;
    await scheduleJob(t.db, {
      kind: EVENT_REMINDER,
      key,
      runAt: new Date(Date.now() - 1000),
      payload: { rsvpId },
    });
    const deadline = Date.now() + 5_000;
    while (gateway.delivered.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(gateway.delivered).toHaveLength(1); // the SMS is with the gateway, not yet answered

    t.app.drain.begin();
    let finished = false;
    const finishing = t.app.drain.finish(t.app.log).then(() => (finished = true));
    await new Promise((r) => setTimeout(r, 500));
    expect(finished).toBe(false);
    const doneAt = async () =>
      (await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key)))[0]!.doneAt;
    expect(await doneAt()).toBeNull();

    await finishing;
    expect(await doneAt()).not.toBeNull();
    expect(gateway.delivered).toHaveLength(1);
  });
});
