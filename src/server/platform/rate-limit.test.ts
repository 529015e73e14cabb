import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { forgetRefusals, hitRateLimits, pgRateLimitStore } from './rate-limit.ts';

// The counters behind every limit. Issue 31: a client that keeps trying past a limit cost the
// database one write per refusal; a key over its limit is now refused from memory until its
// window ends.

describe('rate-limit counters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(inject('testDatabase'));
  });
  afterAll(async () => database.close());

  const countOf = async (key: string) =>
    (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count;

  it('counts several keys in one statement, each by its own amount', async () => {
    const first = await hitRateLimits(database.db, [
      { key: 'multi:a', windowMs: 60_000 },
      { key: 'multi:b', windowMs: 10_000, by: 500 },
    ]);
    expect(first.map((h) => h.count)).toEqual([1, 500]);
    expect(first[1]!.ttl).toBeLessThanOrEqual(10_000);
    const second = await hitRateLimits(database.db, [
      { key: 'multi:a', windowMs: 60_000 },
      { key: 'multi:b', windowMs: 10_000, by: 250 },
    ]);
    expect(second.map((h) => h.count)).toEqual([2, 750]);
  });

  it('refuses a key over its limit without another write until the window ends', async () => {
    const Store = pgRateLimitStore(database.db);
    const store = new Store({ routeInfo: { method: 'POST', url: '/x' } } as never);
    const incr = () =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(
          'member:m',
          (error, result) => (error ? reject(error) : resolve(result!)),
          60_000,
          2,
        ),
      );
    const counts = [];
    for (let i = 0; i < 5; i++) counts.push((await incr()).current);
    expect(counts.slice(0, 3)).toEqual([1, 2, 3]);
    expect(counts.slice(3).every((c) => c > 2)).toBe(true);
    // Three writes: the two allowed and the first refused; the rest answered from memory.
    expect(await countOf('POST:/x:member:m')).toBe(3);
    const refused = await incr();
    expect(refused.ttl).toBeGreaterThan(0);
    expect(refused.ttl).toBeLessThanOrEqual(60_000);

    // Once forgotten (as when the window ends), the database is asked again.
    forgetRefusals(database.db);
    await incr();
    expect(await countOf('POST:/x:member:m')).toBe(4);
  });
});
