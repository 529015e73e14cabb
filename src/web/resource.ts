import { useEffect, useSyncExternalStore } from 'react';

// The two answers every screen shows, the church's branding (GET /api/church) and who is
// signed in (GET /api/me), kept here rather than in TanStack Query: the login screen, the
// first screen every new member sees, needs these two and nothing else, and the query library
// (≈ 9 KB on the wire) then comes with the first screen that loads page data (decision 011).
// It behaves as those two queries did: one request at a time, one retry, a refetch when a
// screen that shows it appears and the answer is older than `staleTime`.

export interface ResourceState<T> {
  data: T | undefined;
  error: unknown;
  /** 'pending' until the first answer; 'error' when the last request failed (data is kept). */
  status: 'pending' | 'success' | 'error';
  /** When the data was last received (ms since the epoch), 0 before. */
  updatedAt: number;
}

export interface ResourceOptions {
  /** How long an answer counts as fresh, in ms. */
  staleTime: number;
  /** Wait before the one retry, in ms (TanStack Query's default first delay). */
  retryDelay?: number;
  now?: () => number;
}

export interface Resource<T> {
  get(): ResourceState<T>;
  subscribe(listener: () => void): () => void;
  /** The answer of the request in flight, or of a new one: resolves with the data or throws. */
  fetch(): Promise<T>;
  /** The answer of a request sent after this call (one in flight may predate a change). */
  fetchFresh(): Promise<T>;
  /** Asks again unless the answer is fresh or a request is in flight. */
  refreshIfStale(): void;
  /** Settles once there is a first answer or failure (asking if nobody has yet). */
  answered(): Promise<void>;
  set(data: T): void;
  /** Back to before the first answer (a screen drawn outside the browser, prerender.tsx). */
  forget(): void;
}

export function createResource<T>(
  load: () => Promise<T>,
  { staleTime, retryDelay = 1000, now = Date.now }: ResourceOptions,
): Resource<T> {
  let state: ResourceState<T> = { data: undefined, error: null, status: 'pending', updatedAt: 0 };
  let inFlight: Promise<T> | null = null;
  const listeners = new Set<() => void>();

  const update = (next: Partial<ResourceState<T>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const loadWithRetry = async () => {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, retryDelay));
      return load();
    }
  };

  const fetch = () => {
    inFlight ??= loadWithRetry().then(
      (data) => {
        inFlight = null;
        update({ data, error: null, status: 'success', updatedAt: now() });
        return data;
      },
      (error: unknown) => {
        inFlight = null;
        update({ error, status: 'error' });
        throw error;
      },
    );
    return inFlight;
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fetch,
    fetchFresh() {
      const previous = inFlight;
      if (!previous) return fetch();
      return previous.then(fetch, fetch);
    },
    refreshIfStale() {
      if (inFlight) return;
      if (state.status === 'success' && now() - state.updatedAt < staleTime) return;
      fetch().catch(() => {
        // Kept in the state: the screen shows it.
      });
    },
    async answered() {
      if (state.status !== 'pending') return;
      await fetch().catch(() => {
        // Kept in the state: the screen shows it.
      });
    },
    set(data) {
      update({ data, error: null, status: 'success', updatedAt: now() });
    },
    forget() {
      update({ data: undefined, error: null, status: 'pending', updatedAt: 0 });
    },
  };
}

export interface ResourceResult<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<void>;
}

/** The resource's state for a component; asks the server when it is missing or stale. */
export function useResource<T>(resource: Resource<T>): ResourceResult<T> {
  // The same state on the server, where screens are drawn (prerender.tsx).
  const state = useSyncExternalStore(resource.subscribe, resource.get, resource.get);
  useEffect(() => resource.refreshIfStale(), [resource]);
  return {
    data: state.data,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    error: state.error,
    refetch: () =>
      resource.fetch().then(
        () => undefined,
        () => undefined,
      ),
  };
}
