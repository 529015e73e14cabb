import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/testing/free-port.ts';
import {
  findHaproxy,
  HAPROXY_MISSING,
  startHaproxy,
  type Haproxy,
} from '../../src/server/testing/haproxy.ts';

// Issue 47, item 12: HAProxy kept a client that sent its headers a byte every 50 s for 200 s,
// and one host could hold every connection. deploy/haproxy.cfg, rendered for loopback as the
// cluster runs it, in front of a plain HTTP server: a slow-header client is cut off at
// `timeout http-request` (shortened to 1 s here; production's 10 s is checked in
// scripts/cluster.test.ts), and one source gets no more than its connections.

/** A connection that has opened, and what happens to it. */
async function open(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  let closedAt: number | null = null;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {}); // a reset is a close here
  socket.on('close', () => (closedAt = Date.now()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    received: () => received,
    closedAt: () => closedAt,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deploy/haproxy.cfg at the edge', () => {
  let backend: http.Server;
  let backendPort: number;
  const proxies: Haproxy[] = [];

  beforeAll(async () => {
    if (!findHaproxy()) throw new Error(HAPROXY_MISSING);
    backend = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    backendPort = (backend.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const proxy of proxies) await proxy.stop();
    backend?.closeAllConnections();
    await new Promise((resolve) => backend?.close(resolve));
  });

  it('cuts off a client that sends its headers a byte at a time, at the timeout (408)', async () => {
    const proxy = await startHaproxy(await freePort(), [backendPort], {
      httpRequestTimeout: '1s',
    });
    proxies.push(proxy);
    const slow = await open(proxy.port);
    const started = Date.now();
    // A header that never ends, a byte every 100 ms: bytes keep coming, the headers never do.
    const header = `GET /api/health HTTP/1.1\r\nHost: flock\r\nX-Slow: ${'a'.repeat(200)}`;
    let sent = 0;
    const drip = setInterval(() => {
      if (!slow.socket.destroyed) slow.socket.write(header[sent++ % header.length]!);
    }, 100);
    try {
      while (slow.closedAt() === null && Date.now() - started < 10_000) await sleep(50);
    } finally {
      clearInterval(drip);
    }
    const heldMs = slow.closedAt()! - started;
    expect(heldMs, 'held for').toBeGreaterThanOrEqual(900);
    expect(heldMs, 'held for').toBeLessThan(5_000);
    expect(slow.received()).toMatch(/^HTTP\/1\.[01] 408 /);
    expect(sent).toBeGreaterThan(5);

    // A request sent whole is served through the same rendering.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = await fetch(`${proxy.url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 200) await sleep(100);
    }
    expect(status).toBe(200);
  });

  it('gives one source 500 connections at once and refuses the next at once', async () => {
    // Production's file as it is (its 10 s header timeout outlasts this test's idle sockets).
    const proxy = await startHaproxy(await freePort(), [backendPort]);
    proxies.push(proxy);
    const held: Awaited<ReturnType<typeof open>>[] = [];
    try {
      for (let batch = 0; batch < 10; batch++) {
        held.push(...(await Promise.all(Array.from({ length: 50 }, () => open(proxy.port)))));
      }
      await sleep(300);
      expect(held.filter((c) => c.closedAt() !== null)).toHaveLength(0);

      const refused = await open(proxy.port);
      const at = Date.now();
      while (refused.closedAt() === null && Date.now() - at < 3_000) await sleep(20);
      expect(refused.closedAt(), 'the 501st connection is closed').not.toBeNull();
      expect(refused.received()).toBe('');
      // The 500 are untouched, and one let go makes room for one more.
      expect(held.filter((c) => c.closedAt() !== null)).toHaveLength(0);
      held.pop()!.socket.destroy();
      await sleep(300);
      const next = await open(proxy.port);
      held.push(next);
      await sleep(500);
      expect(next.closedAt()).toBeNull();
    } finally {
      for (const c of held) c.socket.destroy();
    }
  });
});
