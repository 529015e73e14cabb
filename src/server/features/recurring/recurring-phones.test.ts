import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givingSchedules, scheduleOccurrences, users } from '../../db/schema.ts';
import { runJobsNow } from '../../jobs.ts';
import { memberSession, ORIGIN, provePhone, someClient } from '../../testing/accounts.ts';
import { startFakeProviders } from '../../testing/fake-providers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import { JOB_KINDS } from './recurring.service.ts';
import { PROMPTS_PER_PHONE_PER_DAY } from './due-days.ts';

// Issue 47, item 8: a member made schedules whose due day sent mobile-money prompts to any
// number, without proof or a total (13 to one stranger in one burst). Now a prompt goes only
// to the member's proved phone, at most PROMPTS_PER_PHONE_PER_DAY a due day; the rest are
// reminders. Against fake Moolre on 127.0.0.1; the server's clock is moved to the due day.

const OWN = '+233241480001';
const STRANGER = '+233241480002';

describe('recurring prompts reach only the member’s proved phone (issue 47)', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startFakeProviders>>;
  let clock = new Date('2026-11-26T09:00:00Z'); // a Thursday
  let yaw: string;

  beforeAll(async () => {
    providers = await startFakeProviders();
    t = await createTestApp({
      env: { ...providers.env, PROVIDER_TIMEOUT_MS: '1000' },
      build: { now: () => clock },
    });
    yaw = await memberSession(t, 'yaw.prompts@example.com', undefined, { phone: STRANGER });
    await provePhone(t, 'yaw.prompts@example.com', OWN);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await providers.paystack.close();
    await providers.moolre.close();
  });

  const create = (phone: string, type = 'offering') =>
    t.app.inject({
      method: 'POST',
      url: '/api/giving/schedules',
      payload: {
        type,
        firstName: 'Yaw',
        lastName: 'Mensah',
        assembly: 'bethel',
        amount: '50000',
        method: 'momo',
        phone,
        provider: 'MTN',
        frequency: 'weekly',
        day: 0, // Sundays
        startOn: '2026-11-26',
        onDue: 'prompt',
      },
      headers: { origin: ORIGIN, cookie: yaw },
      remoteAddress: someClient(),
    });
  /** Moolre takes the number as it is dialled in Ghana ('024…'). */
  const promptsTo = (phone: string) =>
    providers.moolre.requests.filter(
      (r) =>
        r.path === '/open/transact/payment' &&
        (r.body as { payer: string }).payer === `0${phone.slice(4)}`,
    ).length;

  it('refuses a prompt schedule to a number the member has not proved, even their profile’s', async () => {
    const res = await create(STRANGER);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.phone).toBe(
      "Prompts go only to your own proved phone: prove this number under 'Phone for login and USSD' on your profile, or choose a reminder.",
    );
    expect((await create('024 148 0001')).statusCode).toBe(201);
  });

  it(`prompts the proved phone at most ${PROMPTS_PER_PHONE_PER_DAY} times a due day, and a schedule made for another number not at all`, async () => {
    const types = ['tithe', 'seed', 'welfare', 'building_project', 'missions'];
    for (const type of types) expect((await create(OWN, type)).statusCode).toBe(201);
    // A schedule made before the rule, to a stranger's number, thirteen times over.
    const [yawRow] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'yaw.prompts@example.com'));
    const [model] = await t.db
      .select()
      .from(givingSchedules)
      .where(eq(givingSchedules.userId, yawRow!.id))
      .limit(1);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = model!;
    const legacy = await t.db
      .insert(givingSchedules)
      .values(Array.from({ length: 13 }, () => ({ ...copy, phone: STRANGER })))
      .returning({ id: givingSchedules.id });
    for (const { id } of legacy) {
      await scheduleJob(t.db, {
        kind: JOB_KINDS.due,
        key: `recurring:${id}:2026-11-29`,
        runAt: new Date('2026-11-29T07:00:00Z'),
        payload: { scheduleId: id, dueOn: '2026-11-29' },
      });
    }

    clock = new Date('2026-11-29T08:00:00Z');
    try {
      for (let round = 0; round < 3; round++) await runJobsNow(t.app.ctx);
      expect(promptsTo(STRANGER)).toBe(0);
      expect(promptsTo(OWN)).toBe(PROMPTS_PER_PHONE_PER_DAY);
      const outcomes = await t.db
        .select({ outcome: scheduleOccurrences.outcome })
        .from(scheduleOccurrences);
      const prompted = outcomes.filter((o) => o.outcome === 'prompted').length;
      expect(prompted).toBe(PROMPTS_PER_PHONE_PER_DAY);
      // Every other due schedule reminded the member instead: 6 of theirs and the 13 legacy.
      expect(outcomes).toHaveLength(6 + 13);
    } finally {
      clock = new Date('2026-11-26T09:00:00Z');
    }
  });
});
