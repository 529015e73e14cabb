import WebSocket from 'ws';
import { PASTOR_SOCKET_PATH } from '../../shared/pastor.ts';
import type { PastorMessageLimits } from '../features/pastor/message-limits.ts';
import { ORIGIN } from './accounts.ts';
import type { TestApp } from './test-app.ts';
import { approvedPastor } from './workers.ts';

// The pastors' socket from a test: connect with a session cookie and an Origin, and wait for
// events.

/** For tests of other rules that send messages faster than a person would. */
export const UNLIMITED_MESSAGES: Partial<PastorMessageLimits> = {
  burst: 1_000_000,
  perWindow: 1_000_000,
  bytesPerWindow: 1_000_000_000,
};

export interface TestSocket {
  socket: WebSocket;
  events: Record<string, unknown>[];
  /** Resolves with the first event (already received or coming) that `match` accepts. */
  next(
    match: (event: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  close(): void;
}

/** Opens the socket; rejects with the HTTP status when the server refuses the upgrade. */
export function openPastorSocket(
  baseUrl: string,
  options: { cookie?: string; origin?: string | null } = {},
): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${PASTOR_SOCKET_PATH}`;
  const origin = options.origin === undefined ? ORIGIN : options.origin;
  const socket = new WebSocket(url, {
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(origin ? { origin } : {}),
    },
  });
  const events: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    events.push(JSON.parse(String(data)) as Record<string, unknown>);
    for (const wake of waiters) wake();
  });
  const next: TestSocket['next'] = (match, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `no matching socket event within ${timeoutMs} ms; got ${JSON.stringify(events)}`,
          ),
        );
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      reject(
        Object.assign(new Error(`refused: ${response.statusCode}`), {
          status: response.statusCode,
        }),
      );
      socket.terminate();
    });
    socket.once('error', reject);
    socket.once('open', () => {
      const handle: TestSocket = { socket, events, next, close: () => socket.close() };
      // The server says 'ready' once it has subscribed this socket.
      next((e) => e.type === 'ready').then(() => resolve(handle), reject);
    });
  });
}

/**
 * Approved pastors `<name>@example.com`, an admin (`cookies.admin`) approving each: their
 * session cookies and member ids go into `cookies` and `ids` under their names.
 */
export async function addPastors(
  t: TestApp,
  names: string[],
  cookies: Record<string, string>,
  ids: Record<string, string>,
) {
  for (const name of names) {
    cookies[name] = (await approvedPastor(t, `${name}@example.com`, cookies.admin!)).cookie;
    ids[name] = (
      await t.app.inject({ url: '/api/pastor/me', headers: { cookie: cookies[name]! } })
    ).json().id;
  }
}
