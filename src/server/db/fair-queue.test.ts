import { describe, expect, it } from 'vitest';
import { fairQueue } from './fair-queue.ts';

/** Work that holds the main thread, as a PGlite statement does. */
function busyFor(ms: number) {
  return async () => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };
}

describe('the embedded database queue', () => {
  it('runs work one at a time, first come first served, and an error stays with its caller', async () => {
    const run = fairQueue(5);
    const order: string[] = [];
    let running = 0;
    const step = (name: string, fail = false) =>
      run(async () => {
        running++;
        expect(running).toBe(1);
        await new Promise((r) => setTimeout(r, 1));
        order.push(name);
        running--;
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([step('a'), step('b', true), step('c'), step('d')]);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await run(async () => 'after')).toBe('after');
  });

  it('gives the event loop a turn between long runs of work (a connection can be accepted)', async () => {
    const run = fairQueue(5);
    // A timer due at once stands for a connection waiting to be accepted. Without the queue,
    // 40 statements of 2 ms chained in microtasks would hold the thread for 80 ms first.
    let firedAfter = -1;
    let done = 0;
    const started = performance.now();
    setTimeout(() => (firedAfter = done), 0);
    await Promise.all(Array.from({ length: 40 }, () => run(busyFor(2)).then(() => done++)));
    expect(performance.now() - started).toBeGreaterThanOrEqual(80);
    expect(firedAfter).toBeGreaterThanOrEqual(0);
    expect(firedAfter).toBeLessThan(10);
  });

  it('does not wait when the work is short', async () => {
    const run = fairQueue(5);
    let turns = 0;
    const counter = setInterval(() => turns++, 0);
    for (let i = 0; i < 50; i++) await run(async () => i);
    clearInterval(counter);
    // 50 tiny statements fit in one slice: no forced turn of the event loop in between.
    expect(turns).toBeLessThanOrEqual(1);
  });
});
