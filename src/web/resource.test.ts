import { describe, expect, it, vi } from 'vitest';
import { createResource } from './resource.ts';

// The store behind the church's branding and the session (GET /api/church, /api/me): it must
// behave as the TanStack queries it replaced on the login screen.
function counted<T>(answers: (() => Promise<T>)[]) {
  let calls = 0;
  const load = vi.fn(() => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return answer();
  });
  return load;
}

describe('createResource', () => {
  it('sends one request for callers that ask at the same time', async () => {
    const load = counted([async () => 'church']);
    const resource = createResource(load, { staleTime: Infinity });
    const [a, b] = await Promise.all([resource.fetch(), resource.fetch()]);
    expect([a, b]).toEqual(['church', 'church']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(resource.get()).toMatchObject({ status: 'success', data: 'church' });
  });

  it('retries once, then reports the error and keeps what it had', async () => {
    const load = counted([async () => 'first', () => Promise.reject(new Error('offline'))]);
    const resource = createResource(load, { staleTime: 0, retryDelay: 1 });
    await resource.fetch();
    await expect(resource.fetch()).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(3);
    expect(resource.get()).toMatchObject({ status: 'error', data: 'first' });
  });

  it('asks again only when the answer is older than staleTime', async () => {
    let now = 1_000;
    const load = counted([async () => 1, async () => 2]);
    const resource = createResource(load, { staleTime: 30_000, now: () => now });
    resource.refreshIfStale();
    await vi.waitFor(() => expect(resource.get().data).toBe(1));
    now += 29_000;
    resource.refreshIfStale();
    expect(load).toHaveBeenCalledTimes(1);
    now += 2_000;
    resource.refreshIfStale();
    await vi.waitFor(() => expect(resource.get().data).toBe(2));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetchFresh waits for a request in flight and sends a new one', async () => {
    let release: (value: string) => void = () => {};
    const load = counted([
      () => new Promise<string>((resolve) => (release = resolve)),
      async () => 'member',
    ]);
    const resource = createResource(load, { staleTime: 30_000 });
    const old = resource.fetch();
    const fresh = resource.fetchFresh();
    release('visitor');
    expect(await old).toBe('visitor');
    expect(await fresh).toBe('member');
    expect(resource.get().data).toBe('member');
  });

  it('tells subscribers about every change, and set() replaces the data', async () => {
    const resource = createResource(async () => ({ user: 'ama' }), { staleTime: 30_000 });
    const seen: unknown[] = [];
    const unsubscribe = resource.subscribe(() => seen.push(resource.get().data));
    await resource.fetch();
    resource.set({ user: null } as never);
    unsubscribe();
    resource.set({ user: 'kofi' });
    expect(seen).toEqual([{ user: 'ama' }, { user: null }]);
  });

  it('answered() settles on the first answer or failure, asking once; forget() starts over', async () => {
    const load = counted([() => Promise.reject(new Error('offline'))]);
    const resource = createResource(load, { staleTime: Infinity, retryDelay: 1 });
    await resource.answered();
    expect(resource.get().status).toBe('error');
    await resource.answered();
    expect(load).toHaveBeenCalledTimes(2); // the request and its one retry

    const known = createResource(counted([async () => 'asked']), { staleTime: Infinity });
    known.set('given');
    await known.answered();
    expect(known.get().data).toBe('given');
    known.forget();
    expect(known.get()).toMatchObject({ status: 'pending', data: undefined });
    await known.answered();
    expect(known.get().data).toBe('asked');
  });
});
