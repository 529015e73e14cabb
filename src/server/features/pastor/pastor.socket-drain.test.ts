import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_SERVICE_RESTART, drainAndClose } from '../../platform/shutdown.ts';
import { memberSession } from '../../testing/accounts.ts';
import { openPastorSocket } from '../../testing/pastor.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { approvedPastor } from '../../testing/workers.ts';

// The pastor socket when its instance drains (issue 36, platform/shutdown.ts, the same function
// SIGTERM runs in main.ts): no new sockets from the start, open ones serve out the grace period
// and are then closed with 1012, which the web client (usePastorSocket.ts) answers by
// reconnecting, to another instance, and resyncing what it missed.

describe('pastor socket: draining for a rolling deploy', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'overseer@example.com' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admin = await memberSession(t, 'overseer@example.com');
    cookie = (await approvedPastor(t, 'ama@example.com', admin)).cookie;
  });
  afterAll(async () => t.close());

  it('refuses new sockets at once, and closes open ones with 1012 after the grace period', async () => {
    const open = await openPastorSocket(base, { cookie });
    await open.next((e) => e.type === 'ready');
    const closed = new Promise<{ code: number; at: number }>((resolve) =>
      open.socket.once('close', (code) => resolve({ code, at: Date.now() })),
    );

    const began = Date.now();
    const drained = drainAndClose(t.app, 500);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    // A new socket is refused while the instance is still listening (the proxy has not noticed).
    await expect(openPastorSocket(base, { cookie })).rejects.toMatchObject({ status: 503 });

    const { code, at } = await closed;
    expect(code).toBe(CLOSE_SERVICE_RESTART);
    expect(at - began).toBeGreaterThanOrEqual(450);
    await drained;
  });
});
