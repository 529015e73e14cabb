import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { claimDueJobs, JOB_LEASE_MS, runDueJobs, scheduleJob, type Job } from './jobs.ts';

// The durable job schedule on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).

describe('the durable job schedule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const at = (iso: string) => new Date(iso);
  const row = async (key: string) =>
    (await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key)))[0]!;

  it('schedules a key once, and runs it only when due', async () => {
    await scheduleJob(t.db, { kind: 'test', key: 'once', runAt: at('2030-01-02T07:00:00Z') });
    await scheduleJob(t.db, { kind: 'test', key: 'once', runAt: at('2030-01-01T07:00:00Z') });
    expect((await row('once')).runAt.toISOString()).toBe('2030-01-02T07:00:00.000Z');
    const ran: string[] = [];
    const handlers = { test: async (job: Job) => void ran.push(job.key) };
    await runDueJobs(t.db, handlers, { now: at('2030-01-02T06:59:00Z') });
    expect(ran).toEqual([]);
    await runDueJobs(t.db, handlers, { now: at('2030-01-02T07:00:00Z') });
    await runDueJobs(t.db, handlers, { now: at('2030-01-03T07:00:00Z') });
    expect(ran).toEqual(['once']);
    expect((await row('once')).doneAt).not.toBeNull();
  });

  it('two claimers racing never take the same job', async () => {
    for (let i = 0; i < 30; i++) {
      await scheduleJob(t.db, {
        kind: 'race',
        key: `race-${i}`,
        runAt: at('2031-01-01T00:00:00Z'),
      });
    }
    const now = at('2031-01-01T00:00:01Z');
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimDueJobs(t.db, now, 4)));
    const keys = claims
      .flat()
      .map((job) => job.key)
      .filter((key) => key.startsWith('race-'));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(0);
    await t.db.delete(scheduledJobs).where(eq(scheduledJobs.kind, 'race'));
  });

  it('a job whose instance died is taken again after its lease, not before', async () => {
    await scheduleJob(t.db, { kind: 'crash', key: 'crash', runAt: at('2032-01-01T00:00:00Z') });
    const start = at('2032-01-01T00:00:00Z');
    const [claimed] = (await claimDueJobs(t.db, start, 50)).filter((j) => j.key === 'crash');
    expect(claimed).toBeDefined();
    // The claiming instance is killed here: no finish.
    const during = new Date(start.getTime() + JOB_LEASE_MS - 1000);
    expect((await claimDueJobs(t.db, during, 50)).map((j) => j.key)).not.toContain('crash');
    const ran: string[] = [];
    const after = new Date(start.getTime() + JOB_LEASE_MS + 1000);
    await runDueJobs(
      t.db,
      { crash: async (job) => void ran.push(job.key) },
      { now: after, limit: 50 },
    );
    expect(ran).toEqual(['crash']);
    expect(await row('crash')).toMatchObject({ attempts: 2 });
  });

  it('a failing job is tried again later with its error kept', async () => {
    await scheduleJob(t.db, { kind: 'flaky', key: 'flaky', runAt: at('2033-01-01T00:00:00Z') });
    let calls = 0;
    const handlers = {
      flaky: async () => {
        calls++;
        if (calls === 1) throw new Error('gateway down');
      },
    };
    const now = at('2033-01-01T00:00:00Z');
    expect(await runDueJobs(t.db, handlers, { now })).toMatchObject({ failed: 1 });
    expect(await row('flaky')).toMatchObject({ lastError: 'gateway down', doneAt: null });
    await runDueJobs(t.db, handlers, { now }); // not yet: it waits a minute
    expect(calls).toBe(1);
    await runDueJobs(t.db, handlers, { now: new Date(now.getTime() + 61_000) });
    expect(calls).toBe(2);
    expect((await row('flaky')).doneAt).not.toBeNull();
  });
});
