import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSession, ORIGIN } from '../../testing/accounts.ts';
import { forgetRefusals } from '../../platform/rate-limit.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addPastors } from '../../testing/pastor.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';

// Issue 31, defect 2, the writes: one pastor posting large messages as fast as the connection
// allows held the embedded database for everyone. The limits as shipped (decision 032): a
// burst, a rate and bytes of text per pastor, refused with 429 RATE_LIMITED and Retry-After.

const { burst, burstWindowMs, bytesPerWindow } = MESSAGE_LIMITS;

describe('pastor messages: how fast one pastor may write', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'overseer@example.com' } });
    cookies.admin = await memberSession(t, 'overseer@example.com');
    await addPastors(t, ['ama', 'kofi', 'esi', 'yaw'], cookies, ids);
  }, 60_000);
  afterAll(async () => t.close());

  const send = (from: string, to: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/pastor/conversations/${ids[to]}/messages`,
      payload: { text },
      headers: { origin: ORIGIN, cookie: cookies[from]! },
    });

  it('refuses the message after a burst, and not another pastor’s', async () => {
    for (let i = 0; i < burst; i++) {
      const res = await send('ama', 'kofi', `quick ${i}`);
      expect(res.statusCode, `message ${i + 1}: ${res.body}`).toBe(201);
    }
    const refused = await send('ama', 'kofi', 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/wait \d+ seconds? /) },
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(burstWindowMs / 1000);
    // An edit is a write too.
    const [first] = (
      await t.app.inject({
        url: `/api/pastor/conversations/${ids.kofi}`,
        headers: { cookie: cookies.ama! },
      })
    ).json().messages as { id: string }[];
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/pastor/messages/${first!.id}`,
      payload: { text: 'edited' },
      headers: { origin: ORIGIN, cookie: cookies.ama! },
    });
    expect(edit.statusCode).toBe(429);
    // The other side of the same conversation, and another pair, are not held.
    expect((await send('kofi', 'ama', 'still here')).statusCode).toBe(201);
    expect((await send('esi', 'yaw', 'hello')).statusCode).toBe(201);

    // After the window, the same pastor writes again.
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    expect((await send('ama', 'kofi', 'after the wait')).statusCode).toBe(201);
  }, 30_000);

  it('counts bytes: large messages are refused before the count is reached', async () => {
    const large = (i: number) => `${i} ${'€'.repeat(3990)}`; // ≈ 12 kB, within 4,000 characters
    const size = Buffer.byteLength(large(0));
    const allowed = Math.floor(bytesPerWindow / size);
    expect(allowed).toBeLessThan(burst);
    for (let i = 0; i < allowed; i++) {
      expect((await send('esi', 'kofi', large(i))).statusCode, `large ${i + 1}`).toBe(201);
    }
    const refused = await send('esi', 'kofi', large(allowed));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // Someone else sending large messages is not affected.
    expect((await send('yaw', 'kofi', large(0))).statusCode).toBe(201);

    // Refused again at once, from memory: the count in the database does not move.
    const counted = async () =>
      (
        (await t.db.execute(
          sql`select count from rate_limits where key = ${`pastor-messages:count:${ids.esi}`}`,
        )) as unknown as { rows: { count: number }[] }
      ).rows[0]!.count;
    const before = await counted();
    expect((await send('esi', 'kofi', large(allowed + 1))).statusCode).toBe(429);
    expect(await counted()).toBe(before);

    // The minute is up (the window's end moved to now, as the database's clock would, and the
    // instance's memory of the refusal with it).
    await t.db.execute(
      sql`update rate_limits set reset_at = now() where key like ${`pastor-messages:%:${ids.esi}`}`,
    );
    forgetRefusals(t.db);
    expect((await send('esi', 'kofi', large(99))).statusCode).toBe(201);
  });
});
